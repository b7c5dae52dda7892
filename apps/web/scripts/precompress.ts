import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|txt|xml|map)$/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, compressed once at the
 * highest levels, for the server to send as they are (@fastify/static's `preCompressed`). A sibling
 * that would not be smaller than the file is not written, so the file itself is sent.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'encore:precompress',
    // The server entry's build (dist-server) is read by Node from disk, never sent.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        // Small files too: compressing them once here spares the server doing it on every request.
        if (!COMPRESSIBLE.test(file)) continue;
        const source = readFileSync(file);
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
        if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

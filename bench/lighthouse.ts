// Lighthouse on the pages a visitor meets first: performance and accessibility scores, Largest
// Contentful Paint, Total Blocking Time, layout shift and the bytes of the first load, as the
// median of a few runs. Lighthouse's default configuration is its mobile preset (a phone-sized
// screen, simulated slow 4G and a 4× slower CPU), which is what the targets are stated for.
// Each run is a fresh Chromium with no cookies and an empty cache; nothing on the page is
// dismissed (the cookie bar is part of what a first visitor gets).
// Usage: npm run build && npx tsx bench/lighthouse.ts            (starts the built server, demo data)
//        npx tsx bench/lighthouse.ts http://127.0.0.1:3001       (measures a running server)
// BENCH_RUNS (3) runs per page, after one unrecorded warm-up run per page (BENCH_WARMUP=0 skips it);
// BENCH_REPORTS=<folder> keeps each run's HTML report; CHROME_PATH (/usr/bin/chromium).
// Scores are reported, not asserted: the script fails only when a run cannot be made.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineDescription, startBuiltServer } from './lib';

/** Lisbon as the search page puts it in the address when a city is chosen: a shared search link. */
const SEARCH_PAGE = '/opportunities?city_id=2267057&city=Lisbon&cc=PT';
const PAGES = ['/', '/opportunity/riverside-stage-open-call', SEARCH_PAGE, '/login'];

const TARGETS = { performance: 90, accessibility: 100 };
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP = process.env.BENCH_WARMUP !== '0';
const REPORTS_DIR = process.env.BENCH_REPORTS;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const OPPORTUNITIES_SHOWN = 5;
/** Lighthouse 12.2 sometimes loses the trace of a load (NO_NAVSTART) and asks for another run. */
const ATTEMPTS_PER_RUN = 3;

interface RunFigures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  requests: number;
  lhr: Result;
}

function categoryScore(lhr: Result, id: 'performance' | 'accessibility'): number {
  const score = lhr.categories[id]?.score;
  if (score === null || score === undefined)
    throw new Error(`${lhr.finalDisplayedUrl}: no ${id} score`);
  return Math.round(score * 100);
}

function numericAudit(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`${lhr.finalDisplayedUrl}: audit ${id} has no value`);
  return value;
}

function figures(lhr: Result): RunFigures {
  const requests = lhr.audits['network-requests']?.details;
  return {
    performance: categoryScore(lhr, 'performance'),
    accessibility: categoryScore(lhr, 'accessibility'),
    fcpMs: numericAudit(lhr, 'first-contentful-paint'),
    lcpMs: numericAudit(lhr, 'largest-contentful-paint'),
    tbtMs: numericAudit(lhr, 'total-blocking-time'),
    cls: numericAudit(lhr, 'cumulative-layout-shift'),
    // Every request of the load (document, scripts, styles, fonts, GraphQL), as transferred.
    bytes: numericAudit(lhr, 'total-byte-weight'),
    requests: requests?.type === 'table' ? requests.items.length : 0,
    lhr,
  };
}

let retried = 0;

async function runLighthouse(url: string): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const lhr = await runLighthouseOnce(url);
    if (!lhr.runtimeError) return lhr;
    const failure = `${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (lhr.runtimeError.code !== 'NO_NAVSTART' || attempt === ATTEMPTS_PER_RUN) {
      throw new Error(failure);
    }
    console.error(`  ${failure}; running again`);
    retried += 1;
  }
}

async function runLighthouseOnce(url: string): Promise<Result> {
  // A Chromium of its own for every run: no cookie, cache entry or service worker carries over.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      ...CHROME_FLAGS,
      // Only the server under test: a page's embeds (a YouTube video on an opportunity) go nowhere.
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${new URL(url).hostname}`,
    ],
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`${url}: Lighthouse returned nothing`);
    const { lhr } = result;
    if (REPORTS_DIR && !lhr.runtimeError) {
      const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${Date.now()}.html`;
      writeFileSync(path.join(REPORTS_DIR, name), String(result.report));
    }
    return lhr;
  } finally {
    await chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The performance audits that say what a change would save, largest first, from one run. */
function opportunities(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 0.9)
    .map((audit) => {
      const details = audit.details?.type === 'opportunity' ? audit.details : undefined;
      const savedMs = Math.max(
        details?.overallSavingsMs ?? 0,
        ...Object.values(audit.metricSavings ?? {}).map((ms) => ms ?? 0),
      );
      return { audit, savedMs, savedBytes: details?.overallSavingsBytes ?? 0 };
    })
    .filter((found) => found.savedMs > 0 || found.savedBytes > 0)
    .sort((a, b) => b.savedMs - a.savedMs || b.savedBytes - a.savedBytes)
    .slice(0, OPPORTUNITIES_SHOWN)
    .map(
      ({ audit, savedMs, savedBytes }) =>
        `${audit.title}: ${savedMs.toFixed(0)} ms${savedBytes ? `, ${kib(savedBytes)}` : ''}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
    );
}

/** The scripts whose evaluation and compilation took the main thread longest. */
function slowestScripts(lhr: Result): string[] {
  const details = lhr.audits['bootup-time']?.details;
  if (details?.type !== 'table') return [];
  return details.items.slice(0, OPPORTUNITIES_SHOWN).map((item) => {
    const address = String(item.url).replace(/^https?:\/\/[^/]+/, '');
    return `${address}: ${Number(item.total).toFixed(0)} ms (scripting ${Number(item.scripting).toFixed(0)} ms)`;
  });
}

function failedAccessibilityAudits(lhr: Result): string[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => {
      const items = audit.details?.type === 'table' ? audit.details.items.length : 0;
      return `${audit.title}${items ? ` (${items} element${items === 1 ? '' : 's'})` : ''}`;
    });
}

/**
 * Audits Lighthouse could not compute. Lighthouse 12.2's trace engine cannot read the frame
 * reports of current Chromium traces, which takes out the LCP element, layout shift and
 * render-blocking audits; the metrics and scores come from other code and are unaffected.
 */
function erroredAudits(lhr: Result): string[] {
  return Object.values(lhr.audits)
    .filter((audit) => audit.scoreDisplayMode === 'error')
    .map((audit) => audit.id);
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

// chrome-launcher reports a missing browser as an unhandled 'error' event, which would leave the server running.
if (!existsSync(CHROME_PATH))
  throw new Error(`No browser at ${CHROME_PATH}: apt-get install chromium, or set CHROME_PATH`);
const givenUrl = process.argv[2];
const dataDir = givenUrl
  ? undefined
  : mkdtempSync(path.join(os.tmpdir(), 'encore-bench-lighthouse-'));
const server = givenUrl
  ? undefined
  : await startBuiltServer({ DATA_DIR: dataDir!, DATABASE_URL: '', SEED: 'demo' });
const baseUrl = givenUrl ?? server!.url;
if (REPORTS_DIR) mkdirSync(REPORTS_DIR, { recursive: true });

const loadBefore = os.loadavg()[0]!;
const results = new Map<string, RunFigures[]>();
try {
  for (const page of PAGES) {
    if (WARM_UP) await runLighthouse(`${baseUrl}${page}`);
    const runs: RunFigures[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(figures(await runLighthouse(`${baseUrl}${page}`)));
      const last = runs.at(-1)!;
      console.error(
        `  ${page} run ${run + 1}: performance ${last.performance}, accessibility ${last.accessibility}, LCP ${last.lcpMs.toFixed(0)} ms, TBT ${last.tbtMs.toFixed(0)} ms, ${kib(last.bytes)}, benchmark index ${last.lhr.environment.benchmarkIndex.toFixed(0)}`,
      );
    }
    results.set(page, runs);
  }
} finally {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

const allRuns = [...results.values()].flat();
const anyRun = allRuns[0]!.lhr;
// Chromium's own CPU benchmark before each run: the lower, the busier the machine was.
const benchmarkIndexes = allRuns.map((run) => run.lhr.environment.benchmarkIndex);
const errored = [...new Set(allRuns.flatMap((run) => erroredAudits(run.lhr)))];
console.log(`machine: ${machineDescription()}`);
console.log(
  `Lighthouse ${anyRun.lighthouseVersion}, ${anyRun.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, ${anyRun.configSettings.formFactor}, ${anyRun.configSettings.throttlingMethod} throttling, benchmark index ${Math.min(...benchmarkIndexes).toFixed(0)}–${Math.max(...benchmarkIndexes).toFixed(0)}`,
);
// Simulated throttling scales the CPU time Chromium observed, so other work on the machine shows up in TBT.
console.log(
  `load average (1 min): ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`,
);
console.log(`server: ${baseUrl}${server ? ' (built server, demo data)' : ''}`);
console.log(
  `${RUNS} runs per page${WARM_UP ? ' after one warm-up run' : ''}; median of each figure; targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}`,
);
if (errored.length) console.log(`audits Lighthouse could not compute: ${errored.join(', ')}`);
if (retried) console.log(`runs made again after Lighthouse lost the trace: ${retried}`);
console.log('');
console.log(
  '| page | performance: median (runs) | accessibility | FCP | LCP | TBT | CLS | bytes transferred | requests |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [page, runs] of results) {
  const of = (pick: (run: RunFigures) => number) => median(runs.map(pick));
  console.log(
    `| \`${page}\` | **${of((run) => run.performance)}** (${runs.map((run) => run.performance).join(', ')}) | ${of((run) => run.accessibility)} | ${of((run) => run.fcpMs).toFixed(0)} ms | ${of((run) => run.lcpMs).toFixed(0)} ms | ${of((run) => run.tbtMs).toFixed(0)} ms | ${of((run) => run.cls).toFixed(3)} | ${kib(of((run) => run.bytes))} | ${of((run) => run.requests)} |`,
  );
}

for (const [page, runs] of results) {
  const medianRun = [...runs].sort((a, b) => a.performance - b.performance)[
    Math.floor(runs.length / 2)
  ]!;
  const belowPerformance = median(runs.map((run) => run.performance)) < TARGETS.performance;
  const belowAccessibility = median(runs.map((run) => run.accessibility)) < TARGETS.accessibility;
  if (!belowPerformance && !belowAccessibility) continue;
  console.log('');
  console.log(`${page} (run with the median performance score):`);
  if (belowPerformance) {
    for (const line of opportunities(medianRun.lhr)) console.log(`  - ${line}`);
    console.log('  main-thread time by script (simulated phone):');
    for (const line of slowestScripts(medianRun.lhr)) console.log(`    ${line}`);
  }
  if (belowAccessibility) {
    for (const line of failedAccessibilityAudits(medianRun.lhr))
      console.log(`  - accessibility: ${line}`);
  }
  for (const warning of medianRun.lhr.runWarnings) console.log(`  ! ${warning}`);
}

import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

/** The links of an answer (addresses, numbers, web pages); a web page opens in a new tab. */
export function AnswerLinks({ links }: { links: ReadonlyArray<{ href: string; label: string }> }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {links.map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            sx={{ overflowWrap: 'anywhere' }}
            {...(link.href.startsWith('http')
              ? { target: '_blank', rel: 'noopener noreferrer' }
              : {})}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </Box>
  );
}

import Box from '@mui/material/Box';

/**
 * The organiser's description. The server keeps only an allow-list of text tags (paragraphs,
 * emphasis, h3/h4, lists, quotes and links that open in a new tab) when it is saved, so it can
 * be rendered as HTML; the styles give those tags the page's typography.
 */
export function DescriptionHtml({ html }: { html: string }) {
  return (
    <Box
      sx={(theme) => ({
        ...theme.typography.body1,
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        // Space between blocks only, so the first and last sit flush with the section's padding.
        '& > *': { my: 0 },
        '& > * + *': { mt: 1.5 },
        '& > * + h3': { mt: 3 },
        '& > * + h4': { mt: 2.5 },
        '& h3': { ...theme.typography.h6 },
        '& h4': { ...theme.typography.subtitle1, fontWeight: 600 },
        '& ul, & ol': { pl: 3 },
        '& li': { mb: 0.5 },
        '& blockquote': {
          mx: 0,
          py: 0.5,
          px: 2,
          borderInlineStart: `4px solid ${theme.palette.divider}`,
          color: 'text.secondary',
        },
        '& a': { color: 'primary.main', textUnderlineOffset: '0.15em' },
      })}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

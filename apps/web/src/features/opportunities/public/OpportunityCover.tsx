import Box from '@mui/material/Box';
import { AppImage } from '../../../components/AppImage';
import type { OpportunityFileFieldsFragment } from '../../../gql/graphql';

// The cover spans the page's content: the whole screen on a phone, at most the public
// container's 1232 px (1280 less its padding) on a wide one.
const COVER_SIZES = '(min-width: 1280px) 1232px, 100vw';

interface OpportunityCoverProps {
  picture: OpportunityFileFieldsFragment;
}

/**
 * The opportunity's first picture across the top of its page. On a phone it is the largest
 * thing on the first screen, so it is fetched first and eagerly, in the width the screen needs;
 * its box has its shape before the bytes arrive (with the blurred placeholder in it), so nothing
 * moves when they do. The gallery shows it whole.
 */
export function OpportunityCover({ picture }: OpportunityCoverProps) {
  return (
    <Box
      sx={{
        aspectRatio: { xs: '16 / 9', md: '5 / 2' },
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        backgroundImage: picture.placeholder ? `url(${picture.placeholder})` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <AppImage
        picture={picture}
        sizes={COVER_SIZES}
        alt=""
        loading="eager"
        fetchPriority="high"
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </Box>
  );
}

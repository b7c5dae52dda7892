import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';

interface Picture {
  url: string;
  thumb: string | null;
}

/** Who offers the opportunity: the organisation's logo (or the opportunity's) and name. */
export function OrganisationLine({ name, picture }: { name: string; picture: Picture | null }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
      <Avatar
        variant="rounded"
        src={picture?.thumb ?? picture?.url ?? undefined}
        alt=""
        sx={{ width: 40, height: 40, bgcolor: 'primary.light' }}
      >
        <BusinessIcon aria-hidden />
      </Avatar>
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
    </Box>
  );
}

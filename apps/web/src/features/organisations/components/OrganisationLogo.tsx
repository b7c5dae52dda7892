import Avatar from '@mui/material/Avatar';
import BusinessIcon from '@mui/icons-material/Business';
import type { OrganisationPictureFieldsFragment } from '../../../gql/graphql';

interface OrganisationLogoProps {
  name: string;
  logo: OrganisationPictureFieldsFragment | null | undefined;
  size?: number;
}

/** The organisation's logo, or a neutral mark when it has none. Decorative: the name is beside it. */
export function OrganisationLogo({ name, logo, size = 56 }: OrganisationLogoProps) {
  const src = logo?.thumb ?? logo?.path;
  return (
    <Avatar
      variant="rounded"
      src={src ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.light' }}
      data-organisation={name}
    >
      <BusinessIcon aria-hidden />
    </Avatar>
  );
}

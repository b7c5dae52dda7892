import type { SvgIconProps } from '@mui/material/SvgIcon';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import EventIcon from '@mui/icons-material/Event';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import GroupsIcon from '@mui/icons-material/Groups';
import ImageIcon from '@mui/icons-material/Image';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import LinkIcon from '@mui/icons-material/Link';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import PhoneIcon from '@mui/icons-material/Phone';
import PianoIcon from '@mui/icons-material/Piano';
import PlaceIcon from '@mui/icons-material/Place';
import ShortTextIcon from '@mui/icons-material/ShortText';
import TitleIcon from '@mui/icons-material/Title';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import type { ComponentType } from 'react';
import type { FormFieldType } from '@encore/core';

const ICONS: Record<FormFieldType, ComponentType<SvgIconProps>> = {
  text_field: ShortTextIcon,
  email: AlternateEmailIcon,
  tel: PhoneIcon,
  datetime_field: EventIcon,
  link: LinkIcon,
  video_link: OndemandVideoIcon,
  image: ImageIcon,
  audio: AudiotrackIcon,
  attachment: AttachFileIcon,
  instruments: PianoIcon,
  genres: LibraryMusicIcon,
  list: FormatListBulletedIcon,
  heading: TitleIcon,
  group_members: GroupsIcon,
  toggle: ToggleOnIcon,
  location: PlaceIcon,
};

/** A decorative picture of a field type; the type's name is always written next to it. */
export function FieldTypeIcon({ type, ...props }: { type: FormFieldType } & SvgIconProps) {
  const Icon = ICONS[type];
  return <Icon aria-hidden {...props} />;
}

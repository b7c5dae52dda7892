import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import CurrencyExchangeOutlinedIcon from '@mui/icons-material/CurrencyExchangeOutlined';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import MoneyOffOutlinedIcon from '@mui/icons-material/MoneyOffOutlined';
import MoveToInboxOutlinedIcon from '@mui/icons-material/MoveToInboxOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import UndoOutlinedIcon from '@mui/icons-material/UndoOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';

/**
 * An icon for each kind of notification (packages/core NOTIFICATION_TYPES). Keyed by plain
 * strings: a kind this build does not know yet gets the bell.
 */
const ICONS: Partial<Record<string, SvgIconComponent>> = {
  application_status: AssignmentTurnedInOutlinedIcon,
  application_message: ChatBubbleOutlineIcon,
  application_review: RateReviewOutlinedIcon,
  new_application: MoveToInboxOutlinedIcon,
  team_invitation: GroupAddOutlinedIcon,
  opportunity_invitation: PersonAddAltOutlinedIcon,
  invitation_answered: HowToRegOutlinedIcon,
  upgrade_decision: WorkspacePremiumOutlinedIcon,
  opportunity_published: CampaignOutlinedIcon,
  closing_soon: HourglassBottomIcon,
  refund_request: AssignmentReturnOutlinedIcon,
  refund_status: CurrencyExchangeOutlinedIcon,
  refund_outcome: UndoOutlinedIcon,
  answer_by_soon: PendingActionsOutlinedIcon,
  payout_sent: AccountBalanceOutlinedIcon,
  payout_failed: MoneyOffOutlinedIcon,
};

/** Decoration: the title says what happened, so the icon is hidden from screen readers. */
export function NotificationTypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  const Icon = ICONS[type] ?? NotificationsNoneOutlinedIcon;
  return <Icon aria-hidden data-type-icon={ICONS[type] ? type : 'fallback'} {...props} />;
}

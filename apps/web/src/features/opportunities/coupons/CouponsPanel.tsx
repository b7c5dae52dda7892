import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { visuallyHidden } from '../../../app/shell/visuallyHidden';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  OpportunityCouponsDocument,
  SetCouponActiveDocument,
  type CouponFieldsFragment,
  type OpportunityPaymentType,
} from '../../../gql/graphql';
import { formatNumber } from '../../../lib/format';
import { describeGraphQLError } from '../../../lib/graphql-errors';
import { CouponDialog } from './CouponDialog';

interface CouponsPanelProps {
  opportunityId: string;
  /** The opportunity's payment type as shown (the wizard's draft, or as saved). */
  paymentType: OpportunityPaymentType;
  /** The panel's heading level: h2 on the dashboard, h3 inside a wizard step. */
  headingLevel?: 'h2' | 'h3';
}

type Editing = { kind: 'add' } | { kind: 'edit'; coupon: CouponFieldsFragment };

interface ToggleFailure {
  code: string;
  active: boolean;
  error: unknown;
}

/** Percent off, or "Free entry" for 100 %. */
function Discount({ value }: { value: number }) {
  const { t } = useTranslation('pages');
  if (value >= 100) {
    return <Chip size="small" color="success" label={t('opportunities.coupons.free')} />;
  }
  return <>{formatNumber(value / 100, { style: 'percent' })}</>;
}

/** Used so far, against the slots or "no limit". */
function Usage({ coupon }: { coupon: CouponFieldsFragment }) {
  const { t } = useTranslation('pages');
  const used = formatNumber(coupon.used_slots);
  return (
    <>
      {coupon.slots === null
        ? t('opportunities.coupons.usedUnlimited', { used })
        : t('opportunities.coupons.usedOf', { used, slots: formatNumber(coupon.slots) })}
    </>
  );
}

interface RowProps {
  coupon: CouponFieldsFragment;
  onToggle: (coupon: CouponFieldsFragment, active: boolean) => void;
  onEdit: (coupon: CouponFieldsFragment) => void;
}

function ActiveSwitch({ coupon, onToggle }: Omit<RowProps, 'onEdit'>) {
  const { t } = useTranslation('pages');
  return (
    <Switch
      checked={coupon.is_active}
      onChange={(event) => onToggle(coupon, event.target.checked)}
      slotProps={{
        input: { 'aria-label': t('opportunities.coupons.activeLabel', { code: coupon.code }) },
      }}
    />
  );
}

function EditButton({ coupon, onEdit }: Omit<RowProps, 'onToggle'>) {
  const { t } = useTranslation('pages');
  return (
    <Button
      size="small"
      startIcon={<EditOutlinedIcon />}
      onClick={() => onEdit(coupon)}
      aria-label={t('opportunities.coupons.editLabel', { code: coupon.code })}
    >
      {t('opportunities.coupons.edit')}
    </Button>
  );
}

const codeSx = { fontFamily: 'monospace', direction: 'ltr', unicodeBidi: 'isolate' } as const;

function CouponTable({
  coupons,
  onToggle,
  onEdit,
}: { coupons: readonly CouponFieldsFragment[] } & Omit<RowProps, 'coupon'>) {
  const { t } = useTranslation('pages');
  const column = (key: string) => t(`opportunities.coupons.columns.${key}`);
  return (
    <Table size="small">
      <Box component="caption" sx={visuallyHidden}>
        {t('opportunities.coupons.title')}
      </Box>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {column('name')}
          </TableCell>
          <TableCell component="th" scope="col">
            {column('code')}
          </TableCell>
          <TableCell component="th" scope="col">
            {column('value')}
          </TableCell>
          <TableCell component="th" scope="col">
            {column('used')}
          </TableCell>
          <TableCell component="th" scope="col">
            {column('active')}
          </TableCell>
          <TableCell component="th" scope="col">
            <Box component="span" sx={visuallyHidden}>
              {column('actions')}
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {coupons.map((coupon) => (
          <TableRow key={coupon.id} sx={coupon.is_active ? undefined : { opacity: 0.7 }}>
            <TableCell component="th" scope="row">
              {coupon.name}
            </TableCell>
            <TableCell>
              <Box component="span" sx={codeSx}>
                {coupon.code}
              </Box>
            </TableCell>
            <TableCell>
              <Discount value={coupon.value} />
            </TableCell>
            <TableCell>{<Usage coupon={coupon} />}</TableCell>
            <TableCell>
              <ActiveSwitch coupon={coupon} onToggle={onToggle} />
            </TableCell>
            <TableCell align="right">
              <EditButton coupon={coupon} onEdit={onEdit} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A phone's list: one card a coupon, every value with its name. */
function CouponCards({
  coupons,
  onToggle,
  onEdit,
}: { coupons: readonly CouponFieldsFragment[] } & Omit<RowProps, 'coupon'>) {
  const { t } = useTranslation('pages');
  const column = (key: string) => t(`opportunities.coupons.columns.${key}`);
  const item = (label: string, value: ReactNode) => (
    <>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {value}
      </Box>
    </>
  );
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {coupons.map((coupon) => (
        <Paper
          key={coupon.id}
          component="li"
          variant="outlined"
          sx={{ p: 2, opacity: coupon.is_active ? 1 : 0.8 }}
        >
          <Typography component="p" variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
            {coupon.name}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.5,
              my: 1,
            }}
          >
            {item(
              column('code'),
              <Box component="span" sx={codeSx}>
                {coupon.code}
              </Box>,
            )}
            {item(column('value'), <Discount value={coupon.value} />)}
            {item(column('used'), <Usage coupon={coupon} />)}
          </Box>
          <Box
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <ActiveSwitch coupon={coupon} onToggle={onToggle} />
              <Typography aria-hidden variant="body2">
                {coupon.is_active ? t('opportunities.coupons.on') : t('opportunities.coupons.off')}
              </Typography>
            </Box>
            <EditButton coupon={coupon} onEdit={onEdit} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * An opportunity's coupons for whoever manages its payments: the list with each one's use, a
 * switch to take it out of use (at once, put back if the server refuses), add and edit dialogs.
 */
export function CouponsPanel({
  opportunityId,
  paymentType,
  headingLevel = 'h2',
}: CouponsPanelProps) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const titleId = useId();
  const query = useQuery(OpportunityCouponsDocument, { variables: { opportunity: opportunityId } });
  const [setActive] = useMutation(SetCouponActiveDocument);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [failure, setFailure] = useState<ToggleFailure | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const toggle = (coupon: CouponFieldsFragment, active: boolean) => {
    setFailure(null);
    setSaved(null);
    setActive({
      variables: { id: coupon.id, is_active: active },
      // Switched at once; Apollo drops this guess again if the server refuses.
      optimisticResponse: {
        setCouponActive: { ...coupon, is_active: active },
      },
    }).catch((error: unknown) => setFailure({ code: coupon.code, active, error }));
  };

  const coupons = query.data?.opportunityCoupons;
  let body: ReactNode;
  if (query.error && !coupons) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!coupons) {
    body = <LoadingBlock label={t('opportunities.coupons.loading')} />;
  } else if (coupons.length === 0) {
    body = (
      <Box sx={{ textAlign: 'center', py: 3 }}>
        <Typography component="div" color="text.secondary" sx={{ fontSize: 40 }}>
          <LocalOfferOutlinedIcon fontSize="inherit" aria-hidden />
        </Typography>
        <Typography component="p" variant="subtitle1">
          {t('opportunities.coupons.empty')}
        </Typography>
        <Typography color="text.secondary">{t('opportunities.coupons.emptyHint')}</Typography>
      </Box>
    );
  } else {
    const props = {
      coupons,
      onToggle: toggle,
      onEdit: (coupon: CouponFieldsFragment) => setEditing({ kind: 'edit', coupon }),
    };
    body = wide ? <CouponTable {...props} /> : <CouponCards {...props} />;
  }

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography
          id={titleId}
          component={headingLevel}
          variant={headingLevel === 'h2' ? 'h6' : 'subtitle1'}
        >
          {t('opportunities.coupons.title')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => {
            setSaved(null);
            setEditing({ kind: 'add' });
          }}
        >
          {t('opportunities.coupons.add')}
        </Button>
      </Box>
      <Typography color="text.secondary">{t('opportunities.coupons.intro')}</Typography>
      {paymentType === 'FREE' ? (
        <Alert severity="info">{t('opportunities.coupons.noteFree')}</Alert>
      ) : paymentType === 'PAID_EXTERNAL' ? (
        <Alert severity="info">{t('opportunities.coupons.noteExternal')}</Alert>
      ) : null}
      {failure ? (
        <Alert
          severity="error"
          role="alert"
          onClose={() => setFailure(null)}
          sx={{ whiteSpace: 'pre-line' }}
        >
          {t(
            failure.active
              ? 'opportunities.coupons.switchOnFailed'
              : 'opportunities.coupons.switchOffFailed',
            {
              code: failure.code,
            },
          )}
          {'\n'}
          {describeGraphQLError(failure.error, (key) => tc(key))}
        </Alert>
      ) : null}
      {/* A polite live region, not role="status" (which the product keeps for loading). */}
      <Box aria-live="polite" aria-atomic sx={visuallyHidden}>
        {saved ?? ''}
      </Box>
      {body}
      {editing ? (
        <CouponDialog
          key={editing.kind === 'edit' ? editing.coupon.id : 'new'}
          opportunityId={opportunityId}
          coupon={editing.kind === 'edit' ? editing.coupon : null}
          onClose={() => setEditing(null)}
          onSaved={(coupon) => {
            setSaved(
              t(
                editing.kind === 'edit'
                  ? 'opportunities.coupons.saved'
                  : 'opportunities.coupons.created',
                {
                  code: coupon.code,
                },
              ),
            );
            setEditing(null);
          }}
        />
      ) : null}
    </Box>
  );
}

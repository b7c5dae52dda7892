import {
  ACCOUNT_HOLDER_TYPES,
  PAYMENT_CURRENCIES,
  formatMoney,
  textDirection,
  type Locale,
} from '@encore/core';
import { escapeHtml } from '../../html';
import type { Translate } from '../../i18n';

/**
 * The local processor's own hosted pages (what Stripe's onboarding and its test 3-D Secure page
 * are for the real processor): plain server-rendered HTML, no script, in the payer's or account
 * holder's language. Every value put into a page goes through `markup`, which escapes it unless
 * it is markup made by `markup` itself.
 */

class Markup {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

type Part = Markup | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part instanceof Markup) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  if (part === null || part === undefined || part === false) return '';
  return escapeHtml(String(part));
}

/**
 * Markup with every interpolated value escaped (markup from `markup` itself is kept as it is).
 * Not named `html`: Prettier would reformat the templates as HTML documents.
 */
export function markup(strings: TemplateStringsArray, ...values: Part[]): Markup {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += render(value) + (strings[index + 1] ?? '');
  });
  return new Markup(text);
}

// Inline: the app's Content-Security-Policy allows inline styles (style-src 'unsafe-inline') and
// no inline script; these pages need none. Logical properties keep right-to-left pages right.
const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",Tahoma,sans-serif;color:#1b1f24;background:#eef0f3}
header{background:#1f2a44;color:#fff;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:space-between}
.brand{font-weight:700;margin:0}
.badge{background:#ffd166;color:#1b1f24;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:700}
main{max-width:34rem;margin:1.5rem auto;padding:1.25rem;background:#fff;border-radius:8px}
@media (max-width:36rem){main{margin:0;border-radius:0}}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
h2{font-size:1.1rem;margin:0 0 .5rem}
p{margin:0 0 1rem}
.notice{background:#fff8e1;border-inline-start:4px solid #b7791f;padding:.5rem .75rem;font-size:.9rem}
.field{margin:0 0 1rem}
label,legend{display:block;font-weight:600;margin:0 0 .25rem}
input,select{display:block;width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #5f6b7a;border-radius:6px;background:#fff;color:inherit}
fieldset{border:1px solid #c9ced6;border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem;min-width:0}
legend{padding:0 .25rem}
.choice{display:flex;align-items:center;gap:.5rem;margin:0 0 .5rem}
.choice input{width:1.25rem;height:1.25rem;margin:0;flex:none}
.choice label{font-weight:400;margin:0}
.payout{border-inline-start:3px solid #c9ced6;padding-inline-start:.75rem;margin:0 0 1rem}
.hint{color:#4a5360;font-size:.9rem;margin:0 0 .25rem}
.error{color:#b3261e;font-weight:600;margin:0 0 .25rem}
[aria-invalid="true"]{border:2px solid #b3261e}
.summary{border:3px solid #b3261e;border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem}
.summary ul{margin:0;padding-inline-start:1.25rem}
.summary a{color:#b3261e;font-weight:600}
dl{margin:0 0 1.25rem}
dt{color:#4a5360;font-size:.9rem}
dd{margin:0 0 .75rem;overflow-wrap:anywhere}
.amount{font-size:1.75rem;font-weight:700}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button,.button{display:inline-block;font:inherit;font-weight:600;padding:.7rem 1.2rem;border-radius:6px;border:2px solid #1f2a44;background:#1f2a44;color:#fff;cursor:pointer;text-decoration:none}
button.secondary{background:#fff;color:#1f2a44}
a{color:#1a4fa3}
:focus-visible{outline:3px solid #e08e0b;outline-offset:2px}
.ltr{direction:ltr;text-align:start}
[dir="rtl"] .ltr{text-align:end}`;

export interface PageFrame {
  locale: Locale;
  t: Translate;
}

/** A whole page: language, direction, viewport, the processor's banner and the content. */
export function page({ locale, t }: PageFrame, title: string, content: Markup): string {
  const document = markup`<!doctype html>
<html lang="${locale}" dir="${textDirection(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} – ${t('processor.brand')}</title>
<style>${new Markup(STYLE)}</style>
</head>
<body>
<header><p class="brand">${t('processor.brand')}</p><span class="badge">${t('processor.test_mode')}</span></header>
<main>
${content}
<p class="notice" role="note">${t('processor.test_mode_notice')}</p>
</main>
</body>
</html>
`;
  return document.text;
}

/** A page that only says something: an expired link, an unknown payment, an outcome. */
export function messagePage(
  frame: PageFrame,
  title: string,
  message: string,
  action?: { href: string; label: string },
): string {
  const link = action
    ? markup`<p><a class="button" href="${action.href}">${action.label}</a></p>`
    : '';
  return page(frame, title, markup`<h1>${title}</h1>\n<p>${message}</p>\n${link}`);
}

// --- Onboarding -----------------------------------------------------------------------------

/** The onboarding form's fields, as the browser sends them, in the page's order. */
export const ONBOARDING_FIELDS = [
  'business_type',
  'country',
  'default_currency',
  'payout_type',
  'bank_holder_name',
  'account_number',
  'routing_number',
  'card_holder_name',
  'card_number',
] as const;
export type OnboardingField = (typeof ONBOARDING_FIELDS)[number];
export type OnboardingValues = Record<OnboardingField, string>;
/** A problem of a field, as a key under `processor.onboarding.problems`. */
export type OnboardingFieldProblems = Partial<Record<OnboardingField, string>>;

export interface OnboardingPage extends PageFrame {
  link: string;
  email: string | null;
  values: OnboardingValues;
  problems: OnboardingFieldProblems;
  countries: ReadonlyArray<{ code: string; name: string }>;
}

/** ` aria-describedby="…" aria-invalid="true"` for a field with a hint or a problem. */
function described(hintId: string | null, errorId: string | null): Markup {
  const ids = [hintId, errorId].filter(Boolean).join(' ');
  return markup`${ids ? markup` aria-describedby="${ids}"` : ''}${errorId ? markup` aria-invalid="true"` : ''}`;
}

/** The hint and the problem shown above a field. */
function notes(form: OnboardingPage, name: OnboardingField, hint: string | undefined) {
  const problem = form.problems[name];
  return {
    hintId: hint ? `${name}-hint` : null,
    errorId: problem ? `${name}-error` : null,
    text: markup`${hint ? markup`<p class="hint" id="${name}-hint">${hint}</p>\n` : ''}${
      problem
        ? markup`<p class="error" id="${name}-error">${form.t(`processor.onboarding.problems.${problem}`)}</p>\n`
        : ''
    }`,
  };
}

function textField(
  form: OnboardingPage,
  name: OnboardingField,
  options: {
    label: string;
    hint?: string;
    autocomplete: string;
    numeric?: boolean;
    ltr?: boolean;
    maxlength: number;
  },
) {
  const { hintId, errorId, text } = notes(form, name, options.hint);
  const extra = markup`${options.numeric ? markup` inputmode="numeric"` : ''}${options.ltr ? markup` dir="ltr" class="ltr"` : ''}`;
  return markup`<div class="field">
<label for="${name}">${options.label}</label>
${text}<input id="${name}" name="${name}" type="text" value="${form.values[name]}" autocomplete="${options.autocomplete}" maxlength="${options.maxlength}" spellcheck="false"${extra}${described(hintId, errorId)}>
</div>
`;
}

function selectField(
  form: OnboardingPage,
  name: 'country' | 'default_currency',
  options: {
    label: string;
    hint?: string;
    placeholder: string;
    choices: ReadonlyArray<{ value: string; label: string }>;
  },
) {
  const { hintId, errorId, text } = notes(form, name, options.hint);
  const selected = form.values[name];
  const choices = options.choices.map(
    (choice) =>
      markup`<option value="${choice.value}"${choice.value === selected ? markup` selected` : ''}>${choice.label}</option>\n`,
  );
  return markup`<div class="field">
<label for="${name}">${options.label}</label>
${text}<select id="${name}" name="${name}"${described(hintId, errorId)}>
<option value="">${options.placeholder}</option>
${choices}</select>
</div>
`;
}

function radioGroup(
  form: OnboardingPage,
  name: 'business_type' | 'payout_type',
  legend: string,
  choices: ReadonlyArray<{ value: string; label: string; after?: Markup }>,
) {
  const { errorId, text } = notes(form, name, undefined);
  const items = choices.map(
    (choice) => markup`<div class="choice">
<input type="radio" id="${name}-${choice.value}" name="${name}" value="${choice.value}"${form.values[name] === choice.value ? markup` checked` : ''}${errorId ? markup` aria-invalid="true"` : ''}>
<label for="${name}-${choice.value}">${choice.label}</label>
</div>
${choice.after ?? ''}`,
  );
  return markup`<fieldset${errorId ? markup` aria-describedby="${errorId}"` : ''}>
<legend>${legend}</legend>
${text}${items}</fieldset>
`;
}

function currencyChoices(locale: Locale) {
  const names = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' });
  return PAYMENT_CURRENCIES.map((code) => {
    const upper = code.toUpperCase();
    return { value: upper, label: `${upper} – ${names.of(upper) ?? upper}` };
  });
}

/** Where a problem in the summary leads: the field, or a radio group's first choice. */
function anchorOf(field: OnboardingField): string {
  if (field === 'business_type') return `business_type-${ACCOUNT_HOLDER_TYPES[0]}`;
  if (field === 'payout_type') return 'payout_type-BANK_ACCOUNT';
  return field;
}

/** The form a holder fills in once: business type, country, currency, where payouts go. */
export function onboardingPage(form: OnboardingPage): string {
  const { t } = form;
  const title = t('processor.onboarding.title');
  const withProblems = ONBOARDING_FIELDS.filter((field) => form.problems[field]);
  const summaryTitle = t('processor.onboarding.problems.summary');
  const summary = withProblems.length
    ? markup`<div class="summary" role="alert" aria-labelledby="problems-title">
<h2 id="problems-title">${summaryTitle}</h2>
<ul>
${withProblems.map(
  (field) =>
    markup`<li><a href="#${anchorOf(field)}">${t(`processor.onboarding.problems.${form.problems[field]}`)}</a></li>\n`,
)}</ul>
</div>
`
    : '';
  const account = form.email
    ? markup`<dl><dt>${t('processor.onboarding.account')}</dt><dd class="ltr" dir="ltr">${form.email}</dd></dl>\n`
    : '';
  const bank = markup`<div class="payout">
${textField(form, 'bank_holder_name', {
  label: t('processor.onboarding.bank_holder_name'),
  autocomplete: 'name',
  maxlength: 120,
})}${textField(form, 'account_number', {
    label: t('processor.onboarding.account_number'),
    hint: t('processor.onboarding.account_number_hint'),
    autocomplete: 'off',
    ltr: true,
    maxlength: 42,
  })}${textField(form, 'routing_number', {
    label: t('processor.onboarding.routing_number'),
    autocomplete: 'off',
    numeric: true,
    ltr: true,
    maxlength: 12,
  })}</div>
`;
  const card = markup`<div class="payout">
${textField(form, 'card_holder_name', {
  label: t('processor.onboarding.card_holder_name'),
  autocomplete: 'cc-name',
  maxlength: 120,
})}${textField(form, 'card_number', {
    label: t('processor.onboarding.card_number'),
    hint: t('processor.onboarding.card_number_hint'),
    autocomplete: 'cc-number',
    numeric: true,
    ltr: true,
    maxlength: 23,
  })}</div>
`;
  const businessTypes = ACCOUNT_HOLDER_TYPES.map((type) => ({
    value: type,
    label: t(`processor.onboarding.business_types.${type}`),
  }));
  const fields = markup`${radioGroup(form, 'business_type', t('processor.onboarding.business_type'), businessTypes)}${selectField(
    form,
    'country',
    {
      label: t('processor.onboarding.country'),
      placeholder: t('processor.onboarding.choose_country'),
      choices: form.countries.map((country) => ({ value: country.code, label: country.name })),
    },
  )}${selectField(form, 'default_currency', {
    label: t('processor.onboarding.default_currency'),
    hint: t('processor.onboarding.default_currency_hint'),
    placeholder: t('processor.onboarding.choose_currency'),
    choices: currencyChoices(form.locale),
  })}${radioGroup(form, 'payout_type', t('processor.onboarding.payout'), [
    { value: 'BANK_ACCOUNT', label: t('processor.onboarding.bank_account'), after: bank },
    { value: 'CARD', label: t('processor.onboarding.card'), after: card },
  ])}`;
  return page(
    form,
    withProblems.length ? `${summaryTitle}: ${title}` : title,
    markup`<h1>${title}</h1>
<p>${t('processor.onboarding.intro')}</p>
${account}${summary}<form method="post" action="onboarding" novalidate>
<input type="hidden" name="link" value="${form.link}">
<input type="hidden" name="lng" value="${form.locale}">
${fields}<div class="actions"><button type="submit">${t('processor.onboarding.submit')}</button></div>
</form>`,
  );
}

// --- Authentication -------------------------------------------------------------------------

export interface AuthenticatePage extends PageFrame {
  intentId: string;
  clientSecret: string;
  /** A checked return address, or null. */
  returnUrl: string | null;
  amount: number;
  currency: string;
  merchant: string | null;
  description: string;
}

/** The test stand-in for a bank's 3-D Secure challenge: the payer approves or fails it. */
export function authenticatePage(view: AuthenticatePage): string {
  const { t } = view;
  const title = t('processor.authenticate.title');
  const merchant = view.merchant
    ? markup`<dt>${t('processor.authenticate.merchant')}</dt>\n<dd class="ltr" dir="ltr">${view.merchant}</dd>\n`
    : '';
  const description = view.description
    ? markup`<dt>${t('processor.authenticate.description')}</dt>\n<dd>${view.description}</dd>\n`
    : '';
  const returnUrl = view.returnUrl
    ? markup`<input type="hidden" name="return_url" value="${view.returnUrl}">\n`
    : '';
  return page(
    view,
    title,
    markup`<h1>${title}</h1>
<p>${t('processor.authenticate.intro')}</p>
<dl>
<dt>${t('processor.authenticate.amount')}</dt>
<dd class="amount">${formatMoney(view.amount, view.currency, view.locale)}</dd>
${merchant}${description}</dl>
<form method="post" action="authenticate">
<input type="hidden" name="intent" value="${view.intentId}">
<input type="hidden" name="client_secret" value="${view.clientSecret}">
<input type="hidden" name="lng" value="${view.locale}">
${returnUrl}<div class="actions">
<button type="submit" name="decision" value="complete">${t('processor.authenticate.complete')}</button>
<button type="submit" name="decision" value="fail" class="secondary">${t('processor.authenticate.fail')}</button>
</div>
</form>`,
  );
}

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousAccessibilityViolations } from './browser';
import { graphql } from './graphql';
import { accessTokenOf, logIn, openJourneyPage } from './journey';
import { linkTo, waitForMail } from './mail';

/**
 * A person chooses how they hear of each kind of notification, and an email's unsubscribe link
 * stops its kind without signing in (ARCHITECTURE.md §5, "Notifications").
 */

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');

/** A demo account whose choice this suite changes, and puts back when it is done. */
const DEMO_PERSON = 'band@velvettides.test';
const ADMIN = 'admin@encore.test';
const SETTINGS_PATH = '/profile/update?tab=notifications';

interface PageCopy {
  notificationSettings: {
    channels: Record<'in_app' | 'email' | 'digest' | 'off', string>;
    kinds: Record<string, { label: string }>;
    status: { saved: string };
  };
  unsubscribe: {
    title: string;
    submit: string;
    settingsLink: string;
    done: { title: string };
    invalid: { title: string };
  };
}

function pageCopy(locale: 'en' | 'ar'): PageCopy {
  return JSON.parse(
    readFileSync(
      new URL(`../apps/web/public/locales/${locale}/pages.json`, import.meta.url),
      'utf8',
    ),
  ) as PageCopy;
}
const en = pageCopy('en');
const ar = pageCopy('ar');
const kind = (type: string) => en.notificationSettings.kinds[type]!.label;
const channel = (name: keyof PageCopy['notificationSettings']['channels']) =>
  en.notificationSettings.channels[name];

async function call<T>(token: string, query: string, variables: Record<string, unknown> = {}) {
  const answer = await graphql<T>(baseUrl, query, variables, token);
  expect(answer.errors, query).toBeUndefined();
  return answer.data!;
}

async function channelsOf(token: string): Promise<Record<string, string>> {
  const { notificationPreferences } = await call<{
    notificationPreferences: Array<{ type: string; channel: string }>;
  }>(token, '{ notificationPreferences { type channel } }');
  return Object.fromEntries(notificationPreferences.map((row) => [row.type, row.channel]));
}

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let restoreDemoChoice: (() => Promise<void>) | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await restoreDemoChoice?.();
  await browser?.close();
});

async function expectNoSeriousViolations() {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

async function expectNoSidewaysScroll() {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe('notification settings', () => {
  it('a kind turned off stays off after a reload, on a wide screen and a phone', async () => {
    const token = await accessTokenOf(baseUrl, DEMO_PERSON);
    const before = await channelsOf(token);
    expect(before.opportunity_published).not.toBe('off');
    restoreDemoChoice = async () => {
      await call(
        await accessTokenOf(baseUrl, DEMO_PERSON),
        'mutation ($type: NotificationType!, $channel: NotificationChannel!) { updateNotificationPreference(type: $type, channel: $channel) { channel } }',
        { type: 'opportunity_published', channel: before.opportunity_published },
      );
    };

    ({ context, page } = await openJourneyPage(browser, baseUrl));
    await logIn(page, DEMO_PERSON);
    await page.goto(SETTINGS_PATH);
    const section = page.getByRole('region', { name: 'Notifications' });
    const table = section.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Notification',
      channel('in_app'),
      channel('email'),
      channel('digest'),
      channel('off'),
    ]);
    // Invitations are not the person's to turn off; the note says so instead.
    await section.getByText(/invitations always come by email/).waitFor();
    await section.getByText(/The daily digest goes out once a day at \d/).waitFor();
    await expectNoSeriousViolations();

    const off = section.getByRole('radio', { name: `${kind('opportunity_published')} Off` });
    await off.check();
    await section
      .getByRole('status')
      .filter({ hasText: `Saved: ${kind('opportunity_published')} — Off.` })
      .waitFor();
    expect((await channelsOf(token)).opportunity_published).toBe('off');

    await page.reload();
    await expect.poll(() => off.isChecked()).toBe(true);
    await expectNoSeriousViolations();

    // On a phone each kind is a group of its own, with the same choice.
    await page.setViewportSize({ width: 390, height: 844 });
    const group = section.getByRole('group', { name: kind('opportunity_published') });
    await expect.poll(() => group.getByRole('radio', { name: 'Off' }).isChecked()).toBe(true);
    await expectNoSidewaysScroll();
    await expectNoSeriousViolations();
  });
});

describe('the unsubscribe link of an email', () => {
  it('changes nothing when opened, stops its kind on the click, and leads to the settings', async () => {
    // A new performer asks for an organiser account and is turned down: that email carries
    // the link.
    const email = `e2e-unsubscribe-${randomBytes(5).toString('hex')}@example.test`;
    const password = `Encore-${randomBytes(6).toString('hex')}`;
    const registered = await graphql<{ register: { access_token: string } }>(
      baseUrl,
      'mutation ($input: RegisterInput!) { register(input: $input) { access_token } }',
      {
        input: {
          name: 'Unsubscribe Journey',
          email,
          password,
          password_confirmation: password,
          type: 'INDIVIDUAL',
          locale: 'en',
        },
      },
    );
    expect(registered.errors).toBeUndefined();
    const performer = registered.data!.register.access_token;
    const { requestAccountUpgrade } = await call<{ requestAccountUpgrade: { id: string } }>(
      performer,
      'mutation ($input: RequestAccountUpgradeInput!) { requestAccountUpgrade(input: $input) { id } }',
      {
        input: {
          organisation_name: 'Unsubscribe Hall',
          message: 'We run a small concert hall and would like to publish open calls.',
        },
      },
    );
    await call(
      await accessTokenOf(baseUrl, ADMIN),
      'mutation ($input: DecideAccountUpgradeInput!) { decideAccountUpgrade(input: $input) { id } }',
      { input: { id: requestAccountUpgrade.id, approve: false, note: 'Not this time.' } },
    );
    const mail = await waitForMail(mailDir, email, (candidate) =>
      candidate.decoded.includes('/unsubscribe?token='),
    );
    const link = linkTo(mail, '/unsubscribe');
    // A mail client can unsubscribe with one click (RFC 8058) to the same address.
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect((await channelsOf(performer)).upgrade_decision).toBe('email');

    ({ context, page } = await openJourneyPage(browser, baseUrl));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: en.unsubscribe.title }).waitFor();
    const submit = page.getByRole('button', { name: en.unsubscribe.submit, exact: true });
    await submit.waitFor();
    await expectNoSeriousViolations();
    // Opening the page (as a link scanner would) changed nothing.
    expect((await channelsOf(performer)).upgrade_decision).toBe('email');

    await submit.click();
    const outcome = page.getByRole('status').filter({ hasText: en.unsubscribe.done.title });
    await outcome.waitFor();
    expect(await outcome.getByRole('listitem').allTextContents()).toEqual([
      kind('upgrade_decision'),
    ]);
    expect((await channelsOf(performer)).upgrade_decision).toBe('in_app');
    await expectNoSeriousViolations();

    // The settings need a session: the login page brings the person back to them.
    await page.getByRole('link', { name: en.unsubscribe.settingsLink }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const login = page.getByRole('main');
    await login.getByLabel(/^Email address/).fill(email);
    await login.getByLabel(/^Password/).fill(password);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/profile/update' && url.searchParams.get('tab') === 'notifications',
      { timeout: 15_000 },
    );
    const section = page.getByRole('region', { name: 'Notifications' });
    await expect
      .poll(() =>
        section
          .getByRole('radio', { name: `${kind('upgrade_decision')} ${channel('in_app')}` })
          .isChecked(),
      )
      .toBe(true);
  });

  it('names the problem of a link the server does not know, in Arabic on a phone', async () => {
    ({ context, page } = await openJourneyPage(browser, baseUrl, {
      viewport: { width: 390, height: 844 },
    }));
    await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl }]);
    await page.goto('/unsubscribe?token=not-a-link-we-sent');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: ar.unsubscribe.submit, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: ar.unsubscribe.invalid.title }).waitFor();
    await expectNoSidewaysScroll();
    await expectNoSeriousViolations();
  });
});

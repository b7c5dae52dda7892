import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SessionContext, type Session, type SessionStatus } from '../../../app/session/session';
import { OpportunityDocument } from '../../../gql/graphql';
import { OpportunityPublicPage } from '../pages/OpportunityPublicPage';
import { MANAGER, makeOpportunity, type MockOpportunity } from './test-opportunity';

// Translations are not loaded in unit tests: texts show as their keys.

function CurrentPath() {
  const { pathname } = useLocation();
  return <p data-testid="path">{pathname}</p>;
}

function answer(slug: string, opportunity: MockOpportunity | null): MockLink.MockedResponse {
  return {
    request: { query: OpportunityDocument, variables: { slug } },
    result: { data: { opportunity } },
  };
}

function renderAt(slug: string, responses: MockLink.MockedResponse[], status: SessionStatus) {
  const session: Session = { status, user: null, signIn: () => {}, signOut: () => {} };
  return render(
    <SessionContext.Provider value={session}>
      <MockedProvider mocks={responses}>
        <MemoryRouter initialEntries={[`/opportunity/${slug}`]}>
          <Routes>
            <Route
              path="/opportunity/:slug"
              element={
                <>
                  <OpportunityPublicPage />
                  <CurrentPath />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </MockedProvider>
    </SessionContext.Provider>,
  );
}

const applyLink = () => screen.getByRole('link', { name: 'opportunities.public.apply.button' });

describe('OpportunityPublicPage', () => {
  afterEach(cleanup);

  it('shows a visitor what the opportunity is, and sends them to log in to apply', async () => {
    const opportunity = makeOpportunity();
    renderAt(opportunity.slug, [answer(opportunity.slug, opportunity)], 'anonymous');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Riverside Stage: open call' }),
    ).toBeTruthy();
    expect(document.title).toBe('Riverside Stage: open call · Harbour Lights Festival · Encore');
    // The organisation's page is open to visitors too.
    expect(screen.getByRole('link', { name: 'Harbour Lights Festival' }).getAttribute('href')).toBe(
      '/organisation/harbour-lights',
    );
    expect(applyLink().getAttribute('href')).toBe('/login?next=%2Fopportunity%2Friverside-stage');
    // The sanitised description is rendered as HTML.
    expect(screen.getByText('three songs').tagName).toBe('STRONG');
    expect(screen.getByText('Cais do Sodré stage')).toBeTruthy();
    expect(screen.getByText('Lisbon, Portugal')).toBeTruthy();
    const prices = screen.getByRole('region', { name: 'opportunities.public.price.title' });
    expect(within(prices).getByText('€15.00')).toBeTruthy();
    expect(within(prices).getByText('€25.00')).toBeTruthy();
    expect(within(prices).getByText('Until the deadline.')).toBeTruthy();
    // The provider's player loads only when the visitor asks for it, then plays at once.
    expect(screen.queryByTitle('opportunities.public.videos.frame')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'opportunities.public.videos.play' }));
    const video = screen.getByTitle('opportunities.public.videos.frame');
    expect(video.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    expect(video.hasAttribute('allowfullscreen')).toBe(true);
    expect(document.activeElement).toBe(video);
    // No team tools for outsiders.
    expect(screen.queryByRole('region', { name: 'opportunities.public.team.label' })).toBeNull();
  });

  it('leads a signed-in artist to the application form and the organisation', async () => {
    const opportunity = makeOpportunity();
    renderAt(opportunity.slug, [answer(opportunity.slug, opportunity)], 'authenticated');
    await screen.findByRole('heading', { level: 1 });
    expect(applyLink().getAttribute('href')).toBe('/opportunity/riverside-stage/apply');
    expect(screen.getByRole('link', { name: 'Harbour Lights Festival' }).getAttribute('href')).toBe(
      '/organisation/harbour-lights',
    );
  });

  it('gives the team their tools instead of an Apply button', async () => {
    const opportunity = makeOpportunity({ viewerCan: MANAGER });
    renderAt(opportunity.slug, [answer(opportunity.slug, opportunity)], 'authenticated');
    const bar = await screen.findByRole('region', { name: 'opportunities.public.team.label' });
    expect(
      within(bar)
        .getByRole('link', { name: 'opportunities.public.team.edit' })
        .getAttribute('href'),
    ).toBe('/opportunity/riverside-stage/edit');
    expect(
      within(bar)
        .getByRole('link', { name: 'opportunities.public.team.dashboard' })
        .getAttribute('href'),
    ).toBe('/opportunity/riverside-stage/dashboard');
    expect(screen.queryByRole('link', { name: 'opportunities.public.apply.button' })).toBeNull();
    expect(screen.getByText('opportunities.public.apply.team')).toBeTruthy();
  });

  it('says why applications are not taken', async () => {
    const opportunity = makeOpportunity({
      is_open: false,
      opp_status: 'CLOSED',
      deadline_date: '2020-01-01 12:00:00',
      payment_type: 'PAID_EXTERNAL',
      external_payment_url: 'https://pay.example/fee',
      payment_options: [],
    });
    renderAt(opportunity.slug, [answer(opportunity.slug, opportunity)], 'anonymous');
    expect(await screen.findByText('opportunities.public.apply.deadlinePassed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'opportunities.public.apply.button' })).toBeNull();
    const payment = screen.getByRole('link', {
      name: /opportunities\.public\.price\.externalLink/,
    });
    expect(payment.getAttribute('href')).toBe('https://pay.example/fee');
    expect(payment.getAttribute('target')).toBe('_blank');
  });

  it('opens the pictures large and browses them by keyboard', async () => {
    const opportunity = makeOpportunity();
    renderAt(opportunity.slug, [answer(opportunity.slug, opportunity)], 'anonymous');
    const thumbs = await screen.findAllByRole('button', {
      name: 'opportunities.public.gallery.open',
    });
    expect(thumbs).toHaveLength(2);
    fireEvent.click(thumbs[0]!);
    const dialog = await screen.findByRole('dialog');
    // Large, in the width the screen needs.
    const large = () => within(dialog).getByRole('img');
    expect(large().getAttribute('src')).toBe('/files/p-1?w=1600');
    expect(large().getAttribute('srcset')).toContain('/files/p-1?w=768 768w');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(large().getAttribute('src')).toBe('/files/p-2?w=1600');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(large().getAttribute('src')).toBe('/files/p-1?w=1600');
  });

  it('shows the first picture as the cover, fetched first in the width the screen needs', async () => {
    const opportunity = makeOpportunity();
    renderAt(opportunity.slug, [answer(opportunity.slug, opportunity)], 'anonymous');
    await screen.findByRole('heading', { level: 1, name: 'Riverside Stage: open call' });
    const [cover, ...below] = Array.from(document.querySelectorAll('img'));
    expect(cover?.getAttribute('srcset')).toBe(
      '/files/p-1?w=320 320w, /files/p-1?w=480 480w, /files/p-1?w=768 768w, ' +
        '/files/p-1?w=1024 1024w, /files/p-1?w=1600 1200w',
    );
    expect(cover?.getAttribute('sizes')).toBe('(min-width: 1280px) 1232px, 100vw');
    expect(cover?.getAttribute('fetchpriority')).toBe('high');
    expect(cover?.getAttribute('loading')).toBe('eager');
    expect([cover?.getAttribute('width'), cover?.getAttribute('height')]).toEqual(['1200', '800']);
    // It comes before the title; the gallery's thumbnails further down wait until they are near.
    expect(
      cover!.compareDocumentPosition(screen.getByRole('heading', { level: 1 })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(below.length).toBeGreaterThan(0);
    for (const image of below) {
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.hasAttribute('fetchpriority')).toBe(false);
    }
  });

  it('has no cover without pictures', async () => {
    const opportunity = makeOpportunity({ gallery: [] });
    renderAt(opportunity.slug, [answer(opportunity.slug, opportunity)], 'anonymous');
    await screen.findByRole('heading', { level: 1, name: 'Riverside Stage: open call' });
    expect(document.querySelector('img[fetchpriority]')).toBeNull();
  });

  it('moves an old address to the current one', async () => {
    const opportunity = makeOpportunity();
    renderAt(
      'old-riverside',
      [answer('old-riverside', opportunity), answer(opportunity.slug, opportunity)],
      'anonymous',
    );
    await screen.findByRole('heading', { level: 1, name: 'Riverside Stage: open call' });
    await waitFor(() =>
      expect(screen.getByTestId('path').textContent).toBe('/opportunity/riverside-stage'),
    );
  });

  it('says so when there is no such opportunity (or it is hidden)', async () => {
    renderAt('gone', [answer('gone', null)], 'anonymous');
    expect(await screen.findByText('opportunities.public.notFound')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'opportunities.public.notFoundTitle',
    );
  });
});

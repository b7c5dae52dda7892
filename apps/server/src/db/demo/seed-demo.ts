import { count, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../client';
import { createInvalidationBus } from '../../lib/invalidation';
import {
  organisationEvents,
  organisationMembers,
  organisations,
} from '../../modules/organisations/organisations.table';
import {
  opportunities,
  opportunityEvents,
  opportunityMembers,
  opportunityPaymentOptions,
} from '../../modules/opportunities/opportunities.table';
import { createUsersService } from '../../modules/users/users.service';
import { users } from '../../modules/users/users.table';
import { accountUpgradeRequests } from '../../modules/account-upgrades/account-upgrades.table';
import {
  premiumFeatures,
  userGenres,
  userInstruments,
  userUserTypes,
} from '../../modules/profiles/profiles.table';
import {
  DEMO_ACCOUNTS,
  DEMO_CITIES,
  DEMO_OPPORTUNITIES,
  DEMO_ORGANISATIONS,
  DEMO_PASSWORD,
  DEMO_PREMIUM,
  DEMO_PROFILES,
  DEMO_UPGRADE_REQUESTS,
  type DemoOpportunity,
} from './demo-data';

/** Demo people and organisations, created once on an empty database (SEED=demo). */
export async function seedDemo(db: Database): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return false;

  await db.transaction(async (tx) => {
    // Seeding runs before the server answers anything, so no process holds an account to forget.
    const accounts = createUsersService(tx, createInvalidationBus({ prefix: '' }));
    const idByKey = new Map<string, string>();
    const emailByKey = new Map<string, string>();
    for (const account of DEMO_ACCOUNTS) {
      const place = DEMO_CITIES[account.city];
      const row = await accounts.createAccount({
        name: account.name,
        email: account.email,
        password: DEMO_PASSWORD,
        role: account.role,
        selectedType: account.selectedType,
        locale: account.locale,
        isVerified: true,
        about: account.about,
        professionalLevel: account.professionalLevel ?? null,
        cityId: place.id,
        countryCode: place.countryCode,
        latitude: place.latitude,
        longitude: place.longitude,
      });
      if (!row) throw new Error(`demo account ${account.email} exists already`);
      idByKey.set(account.key, row.id);
      emailByKey.set(account.key, row.email);
    }
    const emailOf = (key: string) => emailByKey.get(key)!;
    const idOf = (key: string) => {
      const id = idByKey.get(key);
      if (!id) throw new Error(`demo data names an unknown account: ${key}`);
      return id;
    };
    for (const [key, profile] of Object.entries(DEMO_PROFILES)) {
      const userId = idOf(key);
      await tx
        .update(users)
        .set({
          gender: profile.gender ?? null,
          phone: profile.phone ?? null,
          otherInstruments: profile.otherInstruments ?? [],
          settings: {
            cur_pref: profile.currency,
            lang_pref: null,
            allow_contact: profile.allowContact,
          },
        })
        .where(eq(users.id, userId));
      await tx
        .insert(userGenres)
        .values(profile.genres.map((genreId, position) => ({ userId, genreId, position })));
      await tx.insert(userInstruments).values(
        profile.instruments.map((entry, position) => ({
          userId,
          instrumentId: entry.instrument,
          skillLevel: entry.skill_level,
          typeSlugs: entry.type_slugs ?? [],
          styleSlugs: entry.style_slugs ?? [],
          position,
        })),
      );
      await tx
        .insert(userUserTypes)
        .values(
          profile.userTypes.map((userTypeId, position) => ({ userId, userTypeId, position })),
        );
    }
    for (const [key, features] of Object.entries(DEMO_PREMIUM)) {
      await tx
        .insert(premiumFeatures)
        .values(
          features.map((feature) => ({ userId: idOf(key), feature, grantedById: idOf('admin') })),
        );
    }
    for (const request of DEMO_UPGRADE_REQUESTS) {
      await tx.insert(accountUpgradeRequests).values({
        userId: idOf(request.account),
        organisationName: request.organisationName,
        website: request.website,
        message: request.message,
      });
    }
    const organisationIds = new Map<string, string>();
    for (const organisation of DEMO_ORGANISATIONS) {
      const place = DEMO_CITIES[organisation.city];
      const [row] = await tx
        .insert(organisations)
        .values({
          slug: organisation.slug,
          name: organisation.name,
          email: organisation.email,
          website: organisation.website,
          phone: organisation.phone,
          description: organisation.description,
          cityId: place.id,
          countryCode: place.countryCode,
          latitude: place.latitude,
          longitude: place.longitude,
          socialLinks: organisation.socialLinks,
          createdById: idOf(organisation.owner),
        })
        .returning();
      organisationIds.set(organisation.slug, row!.id);
      const seats = [{ member: organisation.owner, role: 'owner' as const }, ...organisation.team];
      await tx.insert(organisationMembers).values(
        seats.map(({ member, role }) => ({
          organisationId: row!.id,
          userId: idOf(member),
          email: emailOf(member),
          role,
          status: 'accepted' as const,
          respondedAt: new Date(),
        })),
      );
      await tx
        .insert(organisationEvents)
        .values({ organisationId: row!.id, actorId: idOf(organisation.owner), action: 'created' });
      for (const invitation of organisation.invitations) {
        const email = invitation.account ? emailOf(invitation.account) : invitation.email!;
        // Nobody holds these links: the demo invitees answer from their list of invitations.
        await tx.insert(organisationMembers).values({
          organisationId: row!.id,
          userId: invitation.account ? idOf(invitation.account) : null,
          email,
          role: invitation.role,
          status: 'invited',
          invitationTokenHash: randomBytes(32).toString('hex'),
          invitedById: idOf(invitation.by),
        });
        await tx.insert(organisationEvents).values({
          organisationId: row!.id,
          actorId: idOf(invitation.by),
          action: 'member_invited',
          memberEmail: email,
          details: { role: invitation.role },
        });
      }
    }

    const day = 24 * 60 * 60 * 1000;
    const seededAt = Date.now();
    const inDays = (days: number) => new Date(seededAt + days * day);
    const statusOf = (demo: DemoOpportunity) =>
      demo.publishInDays === undefined
        ? ('DRAFT' as const)
        : demo.publishInDays
          ? ('SCHEDULED' as const)
          : demo.closedByHand
            ? ('CLOSED' as const)
            : ('PUBLISHED' as const);
    // One statement per table: the marketplace has dozens of opportunities, and the demo is
    // seeded on every fresh data directory.
    const inserted = await tx
      .insert(opportunities)
      .values(
        DEMO_OPPORTUNITIES.map((demo) => {
          const place = demo.city ? DEMO_CITIES[demo.city] : undefined;
          const startsAt = inDays(demo.startsInDays);
          const published = demo.publishInDays !== undefined;
          return {
            organisationId: organisationIds.get(demo.organisation)!,
            slug: demo.slug,
            title: demo.title,
            summary: demo.summary,
            description: demo.description,
            venue: demo.venue ?? null,
            cityId: place?.id ?? null,
            countryCode: place?.countryCode ?? null,
            latitude: place?.latitude ?? null,
            longitude: place?.longitude ?? null,
            timeZone: demo.timeZone,
            deadlineAt: inDays(demo.deadlineInDays),
            startsAt,
            endsAt: new Date(startsAt.getTime() + demo.lengthDays * day),
            publishAt: demo.publishInDays ? inDays(demo.publishInDays) : null,
            types: demo.types,
            genres: demo.genres,
            instruments: demo.instruments,
            target: demo.target,
            experienceLevel: demo.experienceLevel,
            languages: demo.languages,
            videoLinks: demo.videoLinks ?? [],
            isVirtual: demo.isVirtual ?? false,
            isWorldwide: demo.isWorldwide ?? false,
            isPrivate: demo.isPrivate ?? false,
            approvalType: demo.approvalType,
            paymentType: demo.paymentType,
            externalPaymentUrl: demo.externalPaymentUrl ?? null,
            publishedAt: published ? inDays(-(demo.publishedDaysAgo ?? 0)) : null,
            closedAt: demo.closedByHand ? new Date(seededAt) : null,
            status: statusOf(demo),
            createdById: idOf(demo.by),
          };
        }),
      )
      .returning({ id: opportunities.id, slug: opportunities.slug });
    const opportunityIds = new Map(inserted.map((row) => [row.slug, row.id]));
    const paymentOptions = DEMO_OPPORTUNITIES.flatMap((demo) =>
      (demo.paymentOptions ?? []).map((option, position) => ({
        opportunityId: opportunityIds.get(demo.slug)!,
        code: option.title.toUpperCase().replace(/[^A-Z0-9]+/g, '-'),
        title: option.title,
        cost: option.cost,
        currency: option.currency,
        slots: option.slots ?? null,
        deadlineAt: option.deadlineInDays ? inDays(option.deadlineInDays) : null,
        position,
      })),
    );
    if (paymentOptions.length > 0)
      await tx.insert(opportunityPaymentOptions).values(paymentOptions);
    await tx.insert(opportunityMembers).values(
      DEMO_OPPORTUNITIES.flatMap((demo) => {
        const opportunityId = opportunityIds.get(demo.slug)!;
        return [
          {
            opportunityId,
            userId: idOf(demo.by),
            email: emailOf(demo.by),
            role: 'manager' as const,
            permissions: ['full_access' as const],
          },
          ...(demo.reviewers ?? []).map((reviewer) => ({
            opportunityId,
            userId: idOf(reviewer),
            email: emailOf(reviewer),
            role: 'reviewer' as const,
            permissions: ['rate' as const, 'comment' as const],
          })),
          ...(demo.invitedReviewers ?? []).map((invitee) => ({
            opportunityId,
            userId: idOf(invitee),
            email: emailOf(invitee),
            role: 'reviewer' as const,
            permissions: ['rate' as const, 'comment' as const],
            status: 'invited' as const,
            // Nobody holds this link: the invitee answers from their list of invitations.
            invitationTokenHash: randomBytes(32).toString('hex'),
            invitedById: idOf(demo.by),
          })),
        ];
      }),
    );
    await tx.insert(opportunityEvents).values(
      DEMO_OPPORTUNITIES.flatMap((demo) => {
        const opportunityId = opportunityIds.get(demo.slug)!;
        const actorId = idOf(demo.by);
        return [
          { opportunityId, actorId, action: 'created' as const },
          ...(demo.publishInDays !== undefined
            ? [{ opportunityId, actorId, action: 'published' as const }]
            : []),
          ...(demo.closedByHand ? [{ opportunityId, actorId, action: 'closed' as const }] : []),
        ];
      }),
    );
  });
  return true;
}

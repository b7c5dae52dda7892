import { z } from 'zod';
import { ORGANISATION_ROLES, SOCIAL_TYPES, type SocialType } from './enums';
import { phoneSchema } from './profile';

export const ORGANISATION_LIMITS = {
  nameMin: 2,
  nameMax: 120,
  slugMin: 3,
  slugMax: 60,
  descriptionMax: 5000,
  socialLinksMax: SOCIAL_TYPES.length,
} as const;

/** Lowercase letters, digits and single dashes between them: what a slug in a URL may hold. */
export const ORGANISATION_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Harbour Lights Festival!" -> "harbour-lights-festival"; accents are folded, the rest dropped. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ORGANISATION_LIMITS.slugMax)
    .replace(/-+$/g, '');
}

/** The hosts each social type's links live on (subdomains such as m. or www. included). */
export const SOCIAL_LINK_HOSTS: Record<SocialType, readonly string[]> = {
  FACEBOOK: ['facebook.com', 'fb.com'],
  TWITTER: ['twitter.com', 'x.com'],
  YOUTUBE: ['youtube.com', 'youtu.be'],
  LINKEDIN: ['linkedin.com'],
  INSTAGRAM: ['instagram.com'],
  SOUND_CLOUD: ['soundcloud.com'],
};

/** True when `url` is an https (or http) link to a page on the type's site, not its home page alone. */
export function isSocialLink(type: SocialType, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  const host = parsed.hostname.toLowerCase();
  const onSite = SOCIAL_LINK_HOSTS[type].some((site) => host === site || host.endsWith(`.${site}`));
  return onSite && parsed.pathname.replace(/\/+$/, '').length > 1;
}

export const socialLinkSchema = z
  .strictObject({
    type: z.enum(SOCIAL_TYPES),
    url: z.string().trim().max(500),
  })
  .refine((link) => isSocialLink(link.type, link.url), {
    message: 'validation.social_link',
    path: ['url'],
  });

const organisationFields = {
  name: z.string().trim().min(ORGANISATION_LIMITS.nameMin).max(ORGANISATION_LIMITS.nameMax),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(ORGANISATION_LIMITS.slugMin)
    .max(ORGANISATION_LIMITS.slugMax)
    .regex(ORGANISATION_SLUG_PATTERN, 'validation.slug'),
  email: z.email().trim().max(254).nullish(),
  description: z.string().trim().max(ORGANISATION_LIMITS.descriptionMax).nullish(),
  phone: phoneSchema.nullish(),
  website: z
    .url({ protocol: /^https?$/ })
    .trim()
    .max(300)
    .nullish(),
  city_id: z
    .string()
    .regex(/^\d{1,12}$/, 'validation.city')
    .nullish(),
  social_links: z
    .array(socialLinkSchema)
    .max(ORGANISATION_LIMITS.socialLinksMax)
    .refine(
      (links) => new Set(links.map((link) => link.type)).size === links.length,
      'validation.distinct',
    )
    .optional(),
  logo_file_id: z.uuid('validation.file_reference').nullish(),
  cover_file_id: z.uuid('validation.file_reference').nullish(),
};

/** A new organisation: the slug is derived from the name when left out. */
export const createOrganisationSchema = z.strictObject({
  ...organisationFields,
  slug: organisationFields.slug.optional(),
});

/** An update: an absent field stays as it is, a null clears it. */
export const updateOrganisationSchema = z.strictObject({
  id: z.uuid(),
  ...organisationFields,
  name: organisationFields.name.optional(),
  slug: organisationFields.slug.optional(),
});

export const inviteTeamMemberSchema = z.strictObject({
  organisation_id: z.uuid(),
  email: z.email().trim().toLowerCase().max(254),
  role: z.enum(ORGANISATION_ROLES),
});

/** Answering an invitation (to a team or to an opportunity): by the emailed token or by its id. */
export const respondToInvitationSchema = z
  .strictObject({
    token: z.string().trim().min(20).max(200).nullish(),
    id: z.uuid().nullish(),
    accept: z.boolean(),
  })
  .refine((input) => Boolean(input.token) !== Boolean(input.id), {
    message: 'validation.required',
    path: ['token'],
  });

export type CreateOrganisationInput = z.output<typeof createOrganisationSchema>;
export type UpdateOrganisationInput = z.output<typeof updateOrganisationSchema>;
export type InviteTeamMemberInput = z.output<typeof inviteTeamMemberSchema>;
export type SocialLink = z.output<typeof socialLinkSchema>;

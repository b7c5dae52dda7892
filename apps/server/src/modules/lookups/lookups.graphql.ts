import { builder } from '../../graphql/builder';
import type { LanguageRow } from './lookups.service';

export function registerLookupsGraphQL(): void {
  const Language = builder.objectRef<LanguageRow>('Language').implement({
    fields: (t) => ({
      slug: t.exposeString('slug'),
      name: t.exposeString('name'),
      is_supported: t.exposeBoolean('is_supported'),
    }),
  });

  builder.queryField('languages', (t) =>
    t.field({
      type: [Language],
      authScopes: { public: true },
      resolve: (_root, _args, context) => context.services.lookups.languages(),
    }),
  );
}

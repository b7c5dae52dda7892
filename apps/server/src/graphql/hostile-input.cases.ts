import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';

/**
 * The schema walk and the hostile values of hostile-input.test.ts: every argument of an operation,
 * down through its input objects and lists, and what to send at each of them.
 */

export type Path = readonly (string | number)[];

/** One place an operation takes a value: an argument, or a field or list item inside one. */
export interface Position {
  /** The query or mutation. */
  operation: string;
  path: Path;
  type: GraphQLInputType;
  /** The input object the value is a field of, if any. */
  parent: string | undefined;
  /** The argument's or field's own name (list items carry their list's). */
  name: string;
}

export interface HostileValue {
  label: string;
  value: unknown;
}

/** Every position of an operation's arguments; a recursive input (a form's child fields) once. */
export function positionsOf(field: GraphQLField<unknown, unknown>): Position[] {
  const positions: Position[] = [];
  const walk = (
    type: GraphQLInputType,
    path: Path,
    parent: string | undefined,
    name: string,
    seen: ReadonlySet<string>,
  ) => {
    positions.push({ operation: field.name, path, type, parent, name });
    const nullable = getNullableType(type);
    if (isListType(nullable)) {
      walk(nullable.ofType, [...path, 0], parent, name, seen);
    } else if (isInputObjectType(nullable) && !seen.has(nullable.name)) {
      const inside = new Set([...seen, nullable.name]);
      for (const child of Object.values(nullable.getFields())) {
        walk(child.type, [...path, child.name], nullable.name, child.name, inside);
      }
    }
  };
  for (const argument of field.args)
    walk(argument.type, [argument.name], undefined, argument.name, new Set());
  return positions;
}

/** What the test knows of valid values. */
export interface Fixture {
  /** A valid value of a leaf, when the test knows one for this place (a seeded record's id…). */
  leaf: (position: Position) => unknown;
  /** Optional fields of an input object that its service requires all the same, by input type. */
  alsoFilled: Readonly<Record<string, readonly string[]>>;
}

/**
 * A value of the type that the schema accepts: input objects with their required fields (and those
 * the fixture adds), a list of one item, leaves from the fixture or a plain value of their type.
 */
export function baseValue(type: GraphQLInputType, position: Position, fixture: Fixture): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    return [baseValue(nullable.ofType, { ...position, path: [...position.path, 0] }, fixture)];
  }
  if (isInputObjectType(nullable)) {
    const value: Record<string, unknown> = {};
    for (const child of Object.values(nullable.getFields())) {
      const required = isNonNullType(child.type) && child.defaultValue === undefined;
      if (!required && !fixture.alsoFilled[nullable.name]?.includes(child.name)) continue;
      value[child.name] = baseValue(
        child.type,
        {
          operation: position.operation,
          path: [...position.path, child.name],
          type: child.type,
          parent: nullable.name,
          name: child.name,
        },
        fixture,
      );
    }
    return value;
  }
  const known = fixture.leaf(position);
  if (known !== undefined) return known;
  if (isEnumType(nullable)) return nullable.getValues()[0]!.value;
  switch (nullable.name) {
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'Date':
      return '2027-01-01';
    case 'DateTime':
      return '2027-01-01 10:00:00';
    case 'JSON':
      return {};
    default:
      return 'harbour';
  }
}

/** The required arguments of an operation, as valid as the fixture makes them. */
export function baseArguments(
  field: GraphQLField<unknown, unknown>,
  fixture: Fixture,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const argument of field.args) {
    if (!isNonNullType(argument.type) || argument.defaultValue !== undefined) continue;
    args[argument.name] = baseValue(
      argument.type,
      {
        operation: field.name,
        path: [argument.name],
        type: argument.type,
        parent: undefined,
        name: argument.name,
      },
      fixture,
    );
  }
  return args;
}

/**
 * The arguments with `value` at `position`, building what leads there from valid values: a list
 * on the way holds one item, an input object its required fields.
 */
export function argumentsWith(
  field: GraphQLField<unknown, unknown>,
  positions: readonly Position[],
  position: Position,
  value: unknown,
  fixture: Fixture,
): Record<string, unknown> {
  const args = baseArguments(field, fixture);
  let container: Record<string | number, unknown> = args;
  for (let depth = 0; depth < position.path.length - 1; depth += 1) {
    const key = position.path[depth]!;
    const prefix = position.path.slice(0, depth + 1);
    const here = positions.find((candidate) => samePath(candidate.path, prefix))!;
    const nextIsIndex = typeof position.path[depth + 1] === 'number';
    const current = container[key];
    if (nextIsIndex) {
      // A list of exactly one item: the one the hostile value goes in (or is).
      container[key] = Array.isArray(current) && current.length === 1 ? current : [undefined];
    } else if (typeof current !== 'object' || current === null || Array.isArray(current)) {
      container[key] = baseValue(here.type, here, fixture);
    }
    container = container[key] as Record<string | number, unknown>;
    if (nextIsIndex && container[0] === undefined) {
      const item = positions.find((candidate) => samePath(candidate.path, [...prefix, 0]))!;
      container[0] = baseValue(item.type, item, fixture);
    }
  }
  container[position.path.at(-1)!] = value;
  return args;
}

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((part, i) => part === b[i]);

export const HUGE_TEXT = 'x'.repeat(100_000);
export const HUGE_LIST_LENGTH = 10_000;

const TEXT: HostileValue[] = [
  { label: 'empty text', value: '' },
  { label: '100,000 characters', value: HUGE_TEXT },
  { label: 'NUL character', value: 'harbour\u0000stage' },
  { label: 'lone high surrogate', value: 'harbour\uD83C' },
  { label: 'lone low surrogate', value: '\uDFB8stage' },
  { label: 'right-to-left marks', value: '\u202Eegats\u202C\u200F\u061C harbour' },
  { label: 'HTML and script', value: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
  { label: 'SQL metacharacters', value: "' OR 1=1 --; drop table users; /*" },
  { label: 'object where text is expected', value: { text: 'harbour' } },
];

const DATE_TEXT: HostileValue[] = [
  { label: 'impossible date', value: '9999-99-99' },
  { label: 'February 30th', value: '2023-02-30 25:61' },
];

const INT: HostileValue[] = [
  { label: 'negative', value: -1 },
  { label: 'zero', value: 0 },
  { label: '2^31', value: 2 ** 31 },
  { label: 'largest 32-bit integer', value: 2 ** 31 - 1 },
  { label: 'smallest 32-bit integer', value: -(2 ** 31) },
  { label: 'fraction where an integer is expected', value: 1.5 },
  { label: 'NaN as text', value: 'NaN' },
  { label: 'text where an integer is expected', value: '12' },
  { label: 'object where an integer is expected', value: { n: 1 } },
];

const FLOAT: HostileValue[] = [
  { label: 'negative', value: -1 },
  { label: 'zero', value: 0 },
  { label: '2^31', value: 2 ** 31 },
  { label: 'largest double', value: Number.MAX_VALUE },
  { label: 'NaN as text', value: 'NaN' },
  { label: 'Infinity as text', value: 'Infinity' },
  { label: 'object where a number is expected', value: { n: 1 } },
];

const BOOLEAN: HostileValue[] = [
  { label: 'text where a boolean is expected', value: 'true' },
  { label: 'number where a boolean is expected', value: 1 },
];

const DATE: HostileValue[] = [
  { label: 'impossible date', value: '9999-99-99' },
  { label: 'February 29th of a common year', value: '2023-02-29' },
  { label: 'year zero', value: '0000-01-01' },
  { label: 'NUL character', value: '2027-01-01\u0000' },
  { label: 'empty text', value: '' },
  { label: 'number where a date is expected', value: 20270101 },
];

const DATE_TIME: HostileValue[] = [
  { label: 'impossible date and time', value: '9999-99-99 99:99:99' },
  { label: 'February 30th', value: '2027-02-30 10:00:00' },
  { label: 'year zero', value: '0000-01-01 00:00:00' },
  { label: 'NUL character', value: '2027-01-01 10:00:00\u0000' },
  { label: 'empty text', value: '' },
];

function deeplyNested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level += 1) value = { inner: value };
  return value;
}

const JSON_VALUES: HostileValue[] = [
  { label: 'NUL in a leaf', value: { full_name: 'harbour\u0000' } },
  { label: 'NUL in a key', value: { 'full\u0000name': 'harbour' } },
  { label: 'lone surrogate in a leaf', value: { full_name: '\uD83C' } },
  {
    label: '10,000 keys',
    value: Object.fromEntries(Array.from({ length: HUGE_LIST_LENGTH }, (_, i) => [`k${i}`, i])),
  },
  { label: '200 levels deep', value: deeplyNested(200) },
  { label: 'text where an object is expected', value: HUGE_TEXT },
  {
    label: 'list where an object is expected',
    value: Array.from({ length: HUGE_LIST_LENGTH }, () => 'x'),
  },
  { label: 'HTML in a leaf', value: { full_name: '<script>alert(1)</script>' } },
];

/** What to send at a position, by its type (a list gets 10,000 valid items among others). */
export function hostileValuesFor(position: Position, fixture: Fixture): HostileValue[] {
  const nullable = getNullableType(position.type);
  if (isListType(nullable)) {
    const itemPosition = { ...position, path: [...position.path, 0], type: nullable.ofType };
    const item = () => baseValue(nullable.ofType, itemPosition, fixture);
    return [
      { label: '10,000 items', value: Array.from({ length: HUGE_LIST_LENGTH }, item) },
      { label: 'empty list', value: [] },
      { label: 'null item', value: [null] },
      { label: 'object where a list is expected', value: { item: 'harbour' } },
    ];
  }
  if (isInputObjectType(nullable)) {
    return [
      { label: 'text where an input object is expected', value: 'harbour' },
      { label: 'unknown field', value: { not_a_field: 'harbour' } },
      { label: 'list where an input object is expected', value: [{}] },
    ];
  }
  if (isEnumType(nullable)) {
    const first = nullable.getValues()[0]!.name;
    return [
      { label: 'value that does not exist', value: 'NOT_A_VALUE' },
      { label: 'lower-case value', value: first.toLowerCase() },
      { label: 'empty text', value: '' },
      { label: 'NUL character', value: `${first}\u0000` },
      { label: 'number where an enum is expected', value: 1 },
    ];
  }
  switch (nullable.name) {
    case 'Int':
      return INT;
    case 'Float':
      return FLOAT;
    case 'Boolean':
      return BOOLEAN;
    case 'Date':
      return DATE;
    case 'DateTime':
      return DATE_TIME;
    case 'JSON':
      return JSON_VALUES;
    case 'Upload':
      // Files come as multipart requests of their own; here, what is not a file at all.
      return [
        { label: 'text where a file is expected', value: 'harbour.pdf' },
        { label: 'object where a file is expected', value: { name: 'harbour.pdf', size: 3 } },
      ];
    default:
      return /date|_at$|dob/.test(position.name) ? [...TEXT, ...DATE_TEXT] : TEXT;
  }
}

/** The scalar fields of a result (one level into objects), enough to read what was answered. */
export function selectionOf(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (!isObjectType(named) && !isInterfaceType(named)) return '{ __typename }';
  const fields = Object.values(named.getFields()).filter((field) =>
    field.args.every((argument) => !isNonNullType(argument.type)),
  );
  const parts = ['__typename'];
  for (const field of fields) {
    const inner = getNamedType(field.type);
    if (isLeafType(inner)) parts.push(field.name);
    else if (depth === 0) parts.push(`${field.name} ${selectionOf(field.type, 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/** The document of one operation: every argument a variable of its own type. */
export function documentOf(
  kind: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
): string {
  const variables = field.args.map((argument) => `$${argument.name}: ${String(argument.type)}`);
  const args = field.args.map((argument) => `${argument.name}: $${argument.name}`);
  return (
    `${kind} Hostile${variables.length ? `(${variables.join(', ')})` : ''} ` +
    `{ ${field.name}${args.length ? `(${args.join(', ')})` : ''} ${selectionOf(field.type)} }`
  );
}

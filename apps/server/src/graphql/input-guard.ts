import { categoryOf, type ValidationMap } from '@encore/core';
import {
  GraphQLError,
  Kind,
  TypeInfo,
  getNullableType,
  isInputObjectType,
  isListType,
  isScalarType,
  isSpecifiedScalarType,
  valueFromASTUntyped,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type ValueNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../lib/errors';
import { ScalarInputError } from './scalars';

/**
 * Refuses, for every operation and before any resolver runs, text PostgreSQL cannot store or that
 * is not text at all: a NUL character (PostgreSQL refuses it in text and jsonb, and the query then
 * failed as an internal error) and unpaired UTF-16 surrogates (jsonb refuses them too; in text the
 * driver silently stores U+FFFD instead). Every string of every argument is read: literals and variables, nested input
 * fields, list items, the keys and leaves of JSON, whatever the scalar (String, ID, Date, JSON…).
 * A value our own scalars cannot read (an impossible date) is refused here too, naming its field.
 * The answer is one validation error whose map names each argument's path (`input.name`, `slug`).
 *
 * Raw variables are read before coercion, so graphql-jit (queries) and the reference executor
 * (mutations) are guarded alike; scalar errors of literals surface during validation instead and
 * are reworded there.
 */
export function useInputGuard(): Plugin {
  return {
    onValidate({ params }) {
      return ({ result, setResult }) => {
        if (!result.some(scalarErrorOf)) return;
        setResult(withScalarErrorsAsValidation(result, params.documentAST));
      };
    },
    onExecute({ args, setExecuteFn }) {
      const problems = inspectArguments(
        args.schema,
        args.document,
        args.variableValues ?? undefined,
      );
      if (!problems) return;
      const refusal = AppError.validation(problems);
      // Set as the execute function rather than a result, so that error masking (a later plugin's
      // onExecuteDone) words it like any other; registered after graphql-jit, which sets its own.
      setExecuteFn(() => ({
        data: null,
        errors: [new GraphQLError(refusal.message, { originalError: refusal })],
      }));
    },
  };
}

const NUL_CHARACTER = 'validation.nul_character';
const UNPAIRED_SURROGATE = 'validation.unpaired_surrogate';
const UNPAIRED_SURROGATE_PATTERN =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The validation message a text is refused with, if it is. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_CHARACTER;
  if (UNPAIRED_SURROGATE_PATTERN.test(text)) return UNPAIRED_SURROGATE;
  return undefined;
}

type Problems = Map<string, Set<string>>;

function report(problems: Problems, path: readonly (string | number)[], messageKey: string) {
  const key = path.join('.');
  let messages = problems.get(key);
  if (!messages) problems.set(key, (messages = new Set()));
  messages.add(messageKey);
}

/** Where a variable feeds an argument: the path inside it and the type expected there. */
interface VariableSite {
  variable: string;
  path: readonly (string | number)[];
  type: GraphQLInputType | undefined;
}

interface DocumentArguments {
  /** Problems of the document's own text: the same for every request that sends it. */
  literalProblems: Problems;
  variableSites: VariableSite[];
  variableDefaults: Map<string, ValueNode>;
}

// Documents come from Yoga's parse cache, so the same object returns for the same text.
const argumentsByDocument = new WeakMap<DocumentNode, DocumentArguments>();

function inspectArguments(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): ValidationMap | undefined {
  let known = argumentsByDocument.get(document);
  if (!known) {
    known = readDocumentArguments(schema, document);
    argumentsByDocument.set(document, known);
  }
  if (known.literalProblems.size === 0 && known.variableSites.length === 0) return undefined;
  const problems: Problems = new Map(
    [...known.literalProblems].map(([path, messages]) => [path, new Set(messages)]),
  );
  for (const site of known.variableSites) {
    const given = variables && Object.hasOwn(variables, site.variable);
    const defaultNode = known.variableDefaults.get(site.variable);
    const value = given
      ? variables[site.variable]
      : defaultNode && valueFromASTUntyped(defaultNode);
    inspectValue(site.type, value, site.path, problems);
  }
  if (problems.size === 0) return undefined;
  return Object.fromEntries([...problems].map(([path, messages]) => [path, [...messages]]));
}

function readDocumentArguments(schema: GraphQLSchema, document: DocumentNode): DocumentArguments {
  const known: DocumentArguments = {
    literalProblems: new Map(),
    variableSites: [],
    variableDefaults: new Map(),
  };
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      VariableDefinition(node) {
        if (node.defaultValue)
          known.variableDefaults.set(node.variable.name.value, node.defaultValue);
      },
      Argument(node) {
        readLiteral(typeInfo.getInputType() ?? undefined, node.value, [node.name.value], known);
        // The walk above read the whole value; the visitor need not descend into it.
        return false;
      },
    }),
  );
  return known;
}

function readLiteral(
  type: GraphQLInputType | undefined,
  node: ValueNode,
  path: readonly (string | number)[],
  known: DocumentArguments,
): void {
  const nullable = type && getNullableType(type);
  switch (node.kind) {
    case Kind.VARIABLE:
      known.variableSites.push({ variable: node.name.value, path, type });
      return;
    case Kind.STRING: {
      const problem = textProblem(node.value);
      if (problem) report(known.literalProblems, path, problem);
      return;
    }
    case Kind.LIST: {
      const itemType = nullable && isListType(nullable) ? nullable.ofType : undefined;
      node.values.forEach((item, index) => readLiteral(itemType, item, [...path, index], known));
      return;
    }
    case Kind.OBJECT:
      for (const field of node.fields) {
        const name = field.name.value;
        const problem = textProblem(name);
        if (problem) report(known.literalProblems, path, problem);
        const fieldType =
          nullable && isInputObjectType(nullable) ? nullable.getFields()[name]?.type : undefined;
        readLiteral(fieldType, field.value, [...path, name], known);
      }
      return;
    default:
      return;
  }
}

/** Reads a variable's raw value (as the client sent it, before coercion) at a place of `type`. */
function inspectValue(
  type: GraphQLInputType | undefined,
  value: unknown,
  path: readonly (string | number)[],
  problems: Problems,
): void {
  const nullable = type && getNullableType(type);
  if (value === null || value === undefined) return;
  if (nullable && isScalarType(nullable) && !isSpecifiedScalarType(nullable)) {
    try {
      nullable.parseValue(value);
    } catch (error) {
      if (error instanceof ScalarInputError) {
        report(problems, path, error.messageKey);
        return;
      }
    }
  }
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) report(problems, path, problem);
    return;
  }
  if (Array.isArray(value)) {
    // A single value where a list is expected is coerced into a list of one.
    const itemType = nullable && isListType(nullable) ? nullable.ofType : nullable;
    value.forEach((item, index) => inspectValue(itemType, item, [...path, index], problems));
    return;
  }
  if (!isPlainObject(value)) return;
  const fields = nullable && isInputObjectType(nullable) ? nullable.getFields() : undefined;
  for (const [name, item] of Object.entries(value)) {
    const problem = textProblem(name);
    if (problem) report(problems, path, problem);
    inspectValue(fields?.[name]?.type, item, [...path, name], problems);
  }
}

/** JSON objects only: an uploaded File in a variable is not read here. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function scalarErrorOf(error: Error): ScalarInputError | undefined {
  if (error instanceof ScalarInputError) return error;
  const original = (error as Partial<GraphQLError>).originalError;
  return original instanceof ScalarInputError ? original : undefined;
}

/**
 * A literal our scalars cannot read fails validation, before execution: those errors become one
 * validation error naming each argument's path; the document's other errors stay as they are.
 */
function withScalarErrorsAsValidation(errors: readonly Error[], document: DocumentNode): Error[] {
  const paths = literalPaths(document);
  const problems: Problems = new Map();
  const nodes: ValueNode[] = [];
  const others: Error[] = [];
  for (const error of errors) {
    const scalarError = scalarErrorOf(error);
    const node = (error as Partial<GraphQLError>).nodes?.[0];
    const path = node && paths.get(node);
    if (!scalarError || !path) {
      others.push(error);
      continue;
    }
    report(problems, path, scalarError.messageKey);
    nodes.push(node as ValueNode);
  }
  if (problems.size === 0) return [...errors];
  const refusal = AppError.validation(
    Object.fromEntries([...problems].map(([path, messages]) => [path, [...messages]])),
  );
  const validationError = new GraphQLError(refusal.message, {
    nodes,
    originalError: refusal,
    // Errors raised before execution are not masked: they carry their own code and category.
    extensions: { code: refusal.code, category: categoryOf(refusal.code) },
  });
  return [validationError, ...others];
}

/** Every value node inside the document's arguments, by the path it has from its argument. */
function literalPaths(document: DocumentNode): Map<unknown, readonly (string | number)[]> {
  const paths = new Map<unknown, readonly (string | number)[]>();
  const walk = (node: ValueNode, path: readonly (string | number)[]) => {
    paths.set(node, path);
    if (node.kind === Kind.LIST) node.values.forEach((item, index) => walk(item, [...path, index]));
    if (node.kind === Kind.OBJECT) {
      for (const field of node.fields) walk(field.value, [...path, field.name.value]);
    }
  };
  visit(document, {
    Argument(node) {
      walk(node.value, [node.name.value]);
      return false;
    },
  });
  return paths;
}

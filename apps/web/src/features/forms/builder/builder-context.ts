import { createContext, useContext } from 'react';
import type { FormType } from '@encore/core';
import type { FieldTemplate, TemplateLabel } from './form-definition';
import type { ProblemMap } from './form-errors';

/** The band members' default fields, as the server's default sections give them. */
export interface MemberDefaults {
  templates: readonly FieldTemplate[];
  loading: boolean;
  error: unknown;
  retry: () => void;
  labelOf: TemplateLabel;
}

/** What every part of one builder shares, so it need not be handed down each level of fields. */
export interface BuilderContextValue {
  formType: FormType;
  disabled: boolean;
  problems: ProblemMap;
  memberDefaults: MemberDefaults;
}

export const BuilderContext = createContext<BuilderContextValue | null>(null);

export function useBuilder(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilder is used outside a FormBuilder');
  return value;
}

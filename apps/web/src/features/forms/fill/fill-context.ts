import { createContext, useContext } from 'react';
import type { AnswerValue, Answers } from '@encore/core';
import type { AnswerPath } from './answer-shape';

/** A file an answer points at, as the form shows it. */
export interface FormFile {
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  mime: string;
  /** Where a viewer of the application can open it; unknown for a file not yet attached. */
  url?: string | null;
}

export interface LookupChoice {
  value: string;
  label: string;
  /** The family an instrument belongs to, to group the list by. */
  group?: string;
}

/** What every question of the form needs from the form around it. */
export interface FillContextValue {
  answers: Answers;
  disabled: boolean;
  maxMembers: number | null | undefined;
  headingLevel: 2 | 3 | 4;
  /**
   * Messages about the answer at `path`; `within` adds those about its parts (`socials.1`),
   * which a band members section leaves to each member's questions.
   */
  messagesAt: (path: AnswerPath, within?: boolean) => string[];
  update: (
    path: AnswerPath,
    change: (current: AnswerValue | undefined) => AnswerValue | undefined,
  ) => void;
  files: Readonly<Record<string, FormFile>>;
  addFiles: (files: FormFile[], previews: Record<string, string>) => void;
  /** Object URLs of files uploaded in this visit, for a preview before the server serves them. */
  previews: Readonly<Record<string, string>>;
  genres: readonly LookupChoice[];
  instruments: readonly LookupChoice[];
  lookupsLoading: boolean;
}

export const FillContext = createContext<FillContextValue | null>(null);

export function useFill(): FillContextValue {
  const context = useContext(FillContext);
  if (!context) throw new Error('A form question is rendered outside ApplicationFormFields.');
  return context;
}

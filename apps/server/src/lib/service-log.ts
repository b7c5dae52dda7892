/** Where work that must not fail a request reports its trouble (an email notice not sent). */
export interface ServiceLog {
  warn(details: object, message: string): void;
}

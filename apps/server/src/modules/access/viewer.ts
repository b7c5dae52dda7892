import type { PlatformRole } from '@encore/core';

export interface ViewerUser {
  id: string;
  role: PlatformRole;
}

/** Who is asking. Built once per request from the Bearer token; anonymous when there is none. */
export class Viewer {
  constructor(readonly user: ViewerUser | null) {}

  static anonymous(): Viewer {
    return new Viewer(null);
  }

  get isLoggedIn(): boolean {
    return this.user !== null;
  }

  get isAdmin(): boolean {
    return this.user?.role === 'admin';
  }
}

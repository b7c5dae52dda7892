import { createContext } from 'react';
import type { ApolloClient } from '@apollo/client';

/** A server render's own Apollo client (one per request); none in the browser (ApolloBoundary). */
export const ServerApolloClient = createContext<ApolloClient | null>(null);

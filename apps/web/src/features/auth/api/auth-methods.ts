import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviderInfo } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { authMethodKeys } from './keys';

/** The single-sign-on providers the server offers (`auth-methods`); none when OAuth2 is off. */
export async function getSignOnProviders(): Promise<AuthProviderInfo[]> {
  const methods = await pb.collection('users').listAuthMethods();
  return methods.oauth2?.enabled ? (methods.oauth2.providers ?? []) : [];
}

export function signOnProvidersQueryOptions() {
  return queryOptions({ queryKey: authMethodKeys.providers, queryFn: getSignOnProviders });
}

export function useSignOnProviders() {
  return useQuery(signOnProvidersQueryOptions());
}

import type { Profile, ProfileUpdateBody } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** PATCH v1/profile {firstName?, lastName?, themePreference?} → the updated Profile. */
export function updateProfile(body: ProfileUpdateBody): Promise<Profile> {
  return api.patch<Profile>('v1/profile', body);
}

/** Mutation hook of {@link updateProfile}. */
export function useUpdateProfile(options: Omit<UseMutationOptions<Profile, ApiError, ProfileUpdateBody>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: updateProfile });
}

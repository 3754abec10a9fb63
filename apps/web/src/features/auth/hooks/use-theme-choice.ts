import { DEFAULT_THEME_PREFERENCE, type ThemePreference } from '@tandem/contract';
import { useUpdateProfile } from '../api/update-profile';
import { getSessionState, setSessionUser, useSession } from '@/lib/session/session-store';

/**
 * The signed-in user's theme preference ("Match system" by default, issue #8) and a chooser that
 * applies it at once and keeps it on the profile (PATCH v1/profile themePreference), putting the
 * previous one back when the save fails.
 */
export function useThemeChoice(): { current: ThemePreference; choose: (preference: ThemePreference) => void } {
  const current = useSession((session) => session.user?.themePreference ?? DEFAULT_THEME_PREFERENCE);
  const updateProfile = useUpdateProfile();
  const choose = (themePreference: ThemePreference) => {
    const previous = getSessionState().user;
    if (!previous || previous.themePreference === themePreference) return;
    setSessionUser({ ...previous, themePreference });
    updateProfile.mutate(
      { themePreference },
      {
        onSuccess: (profile) => setSessionUser(profile),
        onError: () => setSessionUser(previous),
      },
    );
  };
  return { current, choose };
}

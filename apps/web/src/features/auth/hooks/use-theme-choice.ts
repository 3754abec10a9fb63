import { DEFAULT_THEME, type ThemeName } from '@tandem/contract';
import { useUpdateProfile } from '../api/update-profile';
import { getSessionState, setSessionUser, useSession } from '@/lib/session/session-store';

/**
 * The signed-in user's theme (seed §1: brand default) and a chooser that applies a theme at once and
 * keeps it on the profile (PATCH v1/profile themePreference), putting the previous one back when
 * the save fails.
 */
export function useThemeChoice(): { current: ThemeName; choose: (name: ThemeName) => void } {
  const current = useSession((session) => session.user?.themePreference ?? DEFAULT_THEME);
  const updateProfile = useUpdateProfile();
  const choose = (themePreference: ThemeName) => {
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

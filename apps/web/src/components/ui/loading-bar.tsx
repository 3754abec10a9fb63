import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { LOADING_BAR_DURATION_MS, LOADING_BAR_HEIGHT_PX, LOADING_BAR_THROTTLE_MS } from '@/config/constants';

type Phase = 'hidden' | 'running' | 'finishing';

/**
 * The thin bar at the very top during navigation (seed §2, §9): appears only when a navigation
 * lasts longer than 200 ms, grows over 2000 ms towards 90 %, then completes and fades. 3 px tall.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const isNavigating = navigation.state !== 'idle';
  const [phase, setPhase] = useState<Phase>('hidden');

  useEffect(() => {
    if (isNavigating) {
      const timer = setTimeout(() => setPhase('running'), LOADING_BAR_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    // Navigation ended: complete the bar, then remove it (only if it was showing).
    const finish = setTimeout(() => setPhase((previous) => (previous === 'hidden' ? previous : 'finishing')), 0);
    const hide = setTimeout(() => setPhase('hidden'), 300);
    return () => {
      clearTimeout(finish);
      clearTimeout(hide);
    };
  }, [isNavigating]);

  if (phase === 'hidden') return null;
  // Once the navigation has ended the fading bar is decoration only: hidden from assistive
  // technology, so nothing is announced (or scanned) outside the page's landmarks while it fades.
  const isRunning = phase === 'running';
  return (
    <Box
      role={isRunning ? 'progressbar' : undefined}
      aria-label={isRunning ? 'Loading page' : undefined}
      aria-hidden={isRunning ? undefined : true}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: LOADING_BAR_HEIGHT_PX,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        pointerEvents: 'none',
        '@keyframes tandem-loading-bar': { from: { transform: 'scaleX(0)' }, to: { transform: 'scaleX(0.9)' } },
      }}
    >
      <Box
        sx={{
          height: '100%',
          bgcolor: 'primary.main',
          transformOrigin: 'left',
          ...(phase === 'running'
            ? { animation: `tandem-loading-bar ${LOADING_BAR_DURATION_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1) forwards` }
            : { transform: 'scaleX(1)', opacity: 0, transition: 'transform 200ms ease-out, opacity 300ms ease 100ms' }),
        }}
      />
    </Box>
  );
}

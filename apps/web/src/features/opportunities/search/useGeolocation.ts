import { useCallback, useState } from 'react';

export type GeolocationProblem = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** A city-level fix is all the search needs: a quick, coarse answer beats a precise, slow one. */
const POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 15_000,
  maximumAge: 10 * 60_000,
};

function problemOf(error: GeolocationPositionError): GeolocationProblem {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return 'denied';
    case error.TIMEOUT:
      return 'timeout';
    default:
      return 'unavailable';
  }
}

/** Asks the browser where the visitor is, once per call of `locate`. */
export function useGeolocation(onLocated: (coordinates: Coordinates) => void) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<GeolocationProblem | null>(null);

  const locate = useCallback(() => {
    setProblem(null);
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setProblem('unsupported');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onLocated({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
        });
      },
      (error) => {
        setLocating(false);
        setProblem(problemOf(error));
      },
      POSITION_OPTIONS,
    );
  }, [onLocated]);

  const dismiss = useCallback(() => setProblem(null), []);
  return { locate, locating, problem, dismiss };
}

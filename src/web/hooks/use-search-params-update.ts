import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type Update = (current: URLSearchParams) => URLSearchParams;

/** Applies an update to the address's search params, starting from the updates not yet rendered. */
export type SearchParamsUpdater = (update: Update, options?: NavigateOptions) => void;

/**
 * The address's search params, and a setter whose updater starts from every update made so far, rendered
 * or not. React-router hands an updater the params of the last render, so a second update before the
 * next render (a debounced search clearing, then a filter chosen) would start from before the first and
 * undo it.
 */
export function useSearchParamsUpdate(): [URLSearchParams, SearchParamsUpdater] {
  const [params, setParams] = useSearchParams();
  const unrendered = useRef<URLSearchParams | undefined>(undefined);
  useEffect(() => {
    unrendered.current = undefined;
  }, [params]);
  const updateParams = useCallback(
    (update: Update, options?: NavigateOptions) =>
      setParams((current) => {
        const next = update(new URLSearchParams(unrendered.current ?? current));
        unrendered.current = next;
        return next;
      }, options),
    [setParams],
  );
  return [params, updateParams];
}

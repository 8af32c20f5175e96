import type { QueryKey } from '@tanstack/react-query';
import type { ChangeKind } from '@contract/changes';
import { createContext, useContext } from 'react';

/**
 * What an applied change of each kind may have changed, as the roots of those reads (from the owning
 * features' key factories), given the request's tenant (null for platform changes). The app composes
 * it (src/web/app/applied-change-effects.ts, derived from the resource type each kind writes) and the
 * changes feature reads it, so neither feature imports the other.
 */
export type AppliedChangeEffects = (kind: ChangeKind, tenantId: string | null) => readonly QueryKey[];

/**
 * Loads the table. The app provides it as a lazy import: the table names every feature's key factory,
 * and a static import would pull every feature into the first screen's JavaScript.
 */
export type LoadAppliedChangeEffects = () => Promise<AppliedChangeEffects>;

const AppliedChangeEffectsContext = createContext<LoadAppliedChangeEffects | null>(null);

export const AppliedChangeEffectsProvider = AppliedChangeEffectsContext.Provider;

/** The loader the app provides; null where nothing does (a component rendered alone in a test). */
export const useAppliedChangeEffectsLoader = (): LoadAppliedChangeEffects | null =>
  useContext(AppliedChangeEffectsContext);

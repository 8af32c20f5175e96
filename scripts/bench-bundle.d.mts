/** Types of bench-bundle.mjs, for the e2e budget spec that reuses its measuring. */
export declare const INITIAL_JS_BUDGET: number;
export declare function initialScripts(html: string): string[];
export declare function measure(
  path: string,
  source: Buffer | string,
): { path: string; bytes: number; gzip: number; codemirror: boolean };
export declare const SCREEN_JS_TARGET: number;
export declare const SCREEN_JS_CEILING: number;
export declare const LIST_SCREENS: Record<string, string>;
export declare function screenScripts(manifest: Record<string, ViteManifestChunk>, source: string): string[];
export interface ViteManifestChunk {
  file: string;
  imports?: string[];
}

/** Types of scripts/build.mjs (plain JavaScript, so that `npm start` needs only `node`). */
export declare const BUILD_OUTPUTS: string[];
export declare function buildIsMissing(root?: string): boolean;
export declare function buildIsStale(root?: string): boolean;
export declare function buildToolsInstalled(root?: string): boolean;
export declare function runBuild(root?: string): Promise<void>;

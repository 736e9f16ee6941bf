/**
 * The types of sources.ts, for its importer (src/web/modules.ts): Deno's
 * type check would follow sources.ts's text imports into the client's
 * modules and check them a second time, without the DOM library.
 *
 * @module
 */

/** The module that starts the client, a key of {@link CLIENT_SOURCES}. */
export declare const CLIENT_ENTRY: string;
/** Each module's TypeScript source, by its path under src/. */
export declare const CLIENT_SOURCES: Readonly<Record<string, string>>;

/**
 * Where imported image files live and the path they are served at (decision 096). A module of its own, importing
 * nothing heavy, for the HTTP entry point that serves the folder.
 */
import path from 'node:path';

/** Where `/images/imported/{name}` is served from, under DATA_DIR. */
export const IMPORTED_IMAGES_PATH = '/images/imported';
export const importedImagesDir = (dataDir: string) => path.join(dataDir, 'images', 'imported');

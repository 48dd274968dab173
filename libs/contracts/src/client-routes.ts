// Every route declaration of routes/*, for browsers. A browser build (libs/federation/route-metadata-loader.js)
// replaces this module with the declarations' name, method, path, owner and access, without their schemas,
// so TypeBox stays out of the page. Types, tests and services see the full declarations. Only declarations
// are there at run time: a schema exported by a route file is not.
export * from './routes/analytics';
export * from './routes/audio';
export * from './routes/api-tokens';
export * from './routes/audio-pairs';
export * from './routes/auth';
export * from './routes/contact';
export * from './routes/dataset-uploads';
export * from './routes/datasets';
export * from './routes/internal';
export * from './routes/projects';
export * from './routes/public-site';
export * from './routes/recordings';
export * from './routes/resumable-uploads';
export * from './routes/review';
export * from './routes/sentences';
export * from './routes/settings';
export * from './routes/storage';
export * from './routes/tasks';
export * from './routes/text-pairs';
export * from './routes/user';

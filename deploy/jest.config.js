// @ts-check
// The deployment files (Dockerfiles, compose, Kubernetes) checked against the repository they deploy: no
// container engine runs here, so the files are parsed and every name they use is looked up in the code.
const preset = require('../tools/jest-preset.js');

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  roots: ['<rootDir>/test'],
};

// Shared Jest settings: swc transpiles TypeScript; the "source" export condition lets tests read
// workspace libraries from src without building them first.
const swc = ['@swc/jest', {
  jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
  module: { type: 'commonjs' },
}];

module.exports = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['source', 'node', 'require', 'default'] },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // opus-decoder and its helpers ship only as ES modules; swc turns them into CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!(opus-decoder|@wasm-audio-decoders|simple-yenc)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'json'],
};

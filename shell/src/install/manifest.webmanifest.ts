// The build's template for manifest.webmanifest (an HtmlWebpackPlugin instance in shell/webpack.config.js
// compiles and runs it at build time, so the manifest is made from the same declarations as the pages).
import { webAppManifest } from './webAppManifest';

export default function render({
  htmlWebpackPlugin,
}: {
  htmlWebpackPlugin: { options: { brandName: string } };
}) {
  return `${JSON.stringify(webAppManifest(htmlWebpackPlugin.options.brandName), null, 2)}\n`;
}

import { chromiumLaunchOptions } from './browser.js';

/**
 * Finds (and, the first time on a machine, unpacks) the browser once, before the browser files start two at
 * a time: @sparticuz/chromium unpacks itself to /tmp/chromium when that file is missing, and a second file
 * starting meanwhile would find it half-written and launch that.
 */
export default async function setup() {
  await chromiumLaunchOptions();
}

// Headless Debian Chromium for the page tests and the screenshots, started one way everywhere: no
// sandbox (we run as root), and no background networking, component updates or first-run work,
// whose connections this machine's closed network would refuse at every start.
import puppeteer from 'puppeteer-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Launches Chromium (`CHROME_PATH`, else /usr/bin/chromium); `userDataDir` gives it a profile of its own,
 * `protocolTimeout` (ms) the longest one call into the page may take (puppeteer's default is 180 s).
 */
export function launchChromium({ userDataDir, protocolTimeout } = {}) {
  return puppeteer.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    ...(userDataDir ? { userDataDir } : {}),
    ...(protocolTimeout ? { protocolTimeout } : {}),
    args: CHROMIUM_ARGS,
  });
}

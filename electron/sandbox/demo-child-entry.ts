import { serveDemo, type ParentPortLike } from './demo-child';

// Runs only as Electron's utility process entry (electron/main/demo-host.ts forks it).
const { parentPort } = process as NodeJS.Process & { parentPort?: ParentPortLike };
if (!parentPort) throw new Error('demo-sandbox.js runs only as an Electron utility process');
serveDemo(parentPort, (code) => process.exit(code));

export {};
declare global {
  interface Window {
    __remixManifest?: { version?: string };
  }
}

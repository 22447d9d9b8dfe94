/**
 * The Firebase project a local run uses: a `demo-` project, which the SDKs and emulators never
 * take for a real one.
 */
export const LOCAL_PROJECT_ID = 'demo-bluestem';

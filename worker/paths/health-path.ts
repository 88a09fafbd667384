/**
 * Where monitoring polls the site (routes/health.ts). The config middleware answers it
 * too, as JSON, when the settings are broken; both read the path here, so that neither imports the other.
 */
export const HEALTH_PATH = '/health';

import { index, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every page exists in English and under /el: a static optional `el?` segment, never a dynamic
 * `:lang?` one, so `/elephant` can never be read as a locale.
 */
export default [
  route('el?', 'routes/locale-layout.tsx', [index('routes/home.tsx'), route('*', 'routes/not-found.tsx')]),
] satisfies RouteConfig;

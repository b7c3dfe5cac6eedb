import type { Config } from 'tailwindcss';

// Tailwind 4 is configured in CSS; this file is loaded from src/styles/app.css with @config.
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: { extend: { colors: { brand: { DEFAULT: '#0e7490', dark: '#155e75' } } } },
} satisfies Config;

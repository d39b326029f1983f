/** The day (YYYY-MM-DD, Asia/Kolkata) of the build that prerendered the pages (vite.config.ts). */
declare const BUILD_DAY: string;

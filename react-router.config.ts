import type { Config } from "@react-router/dev/config";
import { parseEnv } from "./app/env.server";

export default {
  ssr: true,
  // Separate build folders let several test runs build side by side.
  buildDirectory: parseEnv().BUILD_DIR,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;

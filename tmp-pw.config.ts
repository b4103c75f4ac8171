import config from "./playwright.config";
export default { ...config, webServer: undefined };

// The SPEC §5 rules, shared by the console (antd forms) and the reference server (request checks).
export { MESSAGES } from "./messages";
export * from "./schemas";
export * from "./query";
export * from "./antd";

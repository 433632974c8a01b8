// The admin layout brings antd; it is its own chunk so /login never downloads it.
import { lazy } from "react";

export const loadAdminLayout = () => import("./admin-layout");
export const AdminLayout = lazy(loadAdminLayout);

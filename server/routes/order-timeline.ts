import { idParamsSchema, orderNoteCreateSchema, orderNoteSchema, orderTimelineSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, documentedAs, errors, getOneRoute, ok, type RoutePlugin } from "../http/route-schema.ts";
import { addOrderNote, orderTimeline } from "../services/order-timeline.ts";

// An order's timeline and the admins' internal notes on it (beyond the core API): behind the admin
// guard like every /admin route, so only admins ever read a note.
const about = documentedAs("Orders");

export const orderTimelineRoutes: RoutePlugin = async (app, { ctx }) => {
  const timeline =
    "What happened to an order, oldest first: its steps, admin actions, settlements and internal notes (beyond the core API)";
  getOneRoute(app, about("getOrderTimeline", timeline, BEYOND_SPEC, "read"), {
    url: "/:id/timeline",
    item: orderTimelineSchema,
    get: (id) => orderTimeline(ctx, id),
  });

  // A bad body (400) before an unknown order (404): the body is checked before the handler runs.
  app.post(
    "/:id/notes",
    {
      schema: {
        ...about(
          "addOrderNote",
          "Add an internal note to an order, audited; never shown to its buyer or seller (beyond the core API)",
          "orders.notes",
          BEYOND_SPEC,
        ),
        params: idParamsSchema,
        body: orderNoteCreateSchema,
        response: { ...ok(orderNoteSchema, 201), ...errors(400, 404) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await addOrderNote(ctx, request.admin, request.params.id, request.body.body) }),
  );
};

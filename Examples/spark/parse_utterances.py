"""Parses a table of utterances with IntentKit on Apache Spark: batch parsing of logs that
outgrow one machine.

Each Spark executor's Python worker loads the model once (the first batch it parses) and keeps
it for every later batch and task; `mapInPandas` hands it the utterances in Arrow batches, and
the parses come back as columns. The executors need the `intentkit` wheel installed (or shipped
with `--py-files`/a packed virtual environment) and the model file at the same path on every
node (a shared file system, or `--files assistant.model` and the name alone).

    spark-submit Examples/spark/parse_utterances.py assistant.model utterances.txt parses/
    # utterances.txt: one utterance a line; parses/: Parquet with text, intent, confidence,
    # out_of_scope, slots (the slots as JSON, as `intentkit parse` writes them)
"""
import json
import sys

import pandas

# One model per Python worker process, loaded by the first batch that needs it.
_models = {}

SCHEMA = "text string, intent string, confidence double, out_of_scope boolean, slots string"


def parse_batches(model_path, **options):
    """The function `mapInPandas` runs on each partition: pandas batches of a `text` column in,
    batches of parses out (`SCHEMA`). `options` go to `Model.parse` (`top_k`, `reference_time`,
    `time_zone`: give a reference time to resolve "tomorrow" in old logs as of when they were said)."""

    def parse(batches):
        import intentkit

        model = _models.get(model_path)
        if model is None:
            model = _models[model_path] = intentkit.Model.load(model_path)
        for batch in batches:
            parses = [model.parse(text or "", **options) for text in batch["text"]]
            yield pandas.DataFrame({
                "text": batch["text"],
                "intent": [parse.get("intent") for parse in parses],
                "confidence": [parse["confidence"] for parse in parses],
                "out_of_scope": [parse["outOfScope"] for parse in parses],
                "slots": [json.dumps(parse["slots"], ensure_ascii=False) for parse in parses],
            })

    return parse


def parse_utterances(utterances, model_path, **options):
    """`utterances` (a DataFrame with a string column `text`) with each row's parse."""
    return utterances.select("text").mapInPandas(parse_batches(model_path, **options), SCHEMA)


def main():
    from pyspark.sql import SparkSession

    model_path, source, destination = sys.argv[1:4]
    spark = SparkSession.builder.appName("intentkit-parse").getOrCreate()
    utterances = spark.read.text(source).withColumnRenamed("value", "text")
    parse_utterances(utterances, model_path).write.mode("overwrite").parquet(destination)
    spark.stop()


if __name__ == "__main__":
    main()
